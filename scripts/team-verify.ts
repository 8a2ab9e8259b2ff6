// `npm run team:verify -- [--desk NAME] [--json]`: an administrator or supervisor checks every desk (or one)
// from the team database alone (src/main/team/team-verify.ts): signatures, links, anchors and every
// replicated row. The connection comes from PAYDESK_TEAM_URL or the usual PG* variables, as team:migrate's,
// as a supervisor's role or the owner's. Exit status: 0 all proved, 1 a problem found, 2 the check could
// not run.
import { parseArgs } from 'node:util';
import { type DeskVerification, verifyTeam } from '../src/main/team/team-verify';
import { teamAdminClient } from './team-admin-client';

const { values } = parseArgs({
  options: { desk: { type: 'string' }, json: { type: 'boolean', default: false } },
});

function summary(result: DeskVerification): string {
  const head = `Desk "${result.deskName}" (${result.deskId}): `;
  const facts =
    `${result.entries} audit entries, ${result.rows} rows, anchor at ${result.anchorSeq ?? 'none'}, ` +
    `key ${result.keyIds.join(', ') || 'none registered'}`;
  const unproved =
    result.unproved > 0
      ? `\n  ${result.unproved} entries were replicated before the team database held signatures: they cannot be proved from it.`
      : '';
  if (result.ok) return `${head}verified — ${facts}.${unproved}`;
  const listed = result.problems.map((problem) => `\n  - ${problem.reason}`).join('');
  const more =
    result.problemCount > result.problems.length
      ? `\n  … and ${result.problemCount - result.problems.length} more.`
      : '';
  return `${head}${result.problemCount} problem(s) — ${facts}.${listed}${more}${unproved}`;
}

const client = teamAdminClient();
try {
  await client.connect();
  const results = await verifyTeam(client, values.desk === undefined ? {} : { deskName: values.desk });
  if (values.json) console.log(JSON.stringify(results, null, 2));
  else if (results.length === 0)
    console.log(values.desk ? `No desk named "${values.desk}".` : 'No desks yet.');
  else for (const result of results) console.log(summary(result));
  process.exitCode = results.every((result) => result.ok) ? 0 : 1;
} catch (error) {
  console.error(`team:verify could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
} finally {
  await client.end().catch(() => undefined);
}
