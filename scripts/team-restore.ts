// `npm run team:restore -- --data DIR (--desk NAME | --desk-id ID)`: on a new PC (or after the history file
// is gone), a team desk takes its own rows and audit entries back from the team database, its chain
// verified there first (src/main/team/team-restore.ts), into the data folder DIR, and carries on there as
// the same desk. The connection is the desk's own role, from PAYDESK_TEAM_URL or the usual PG* variables
// (as team:verify's). Exit status: 0 restored, 1 refused (the chain does not verify, or the folder is
// not empty), 2 could not run.
import { parseArgs } from 'node:util';
import { restoreDeskFromTeam, TeamRestoreRefusedError } from '../src/main/team/team-restore';
import { teamAdminClient } from './team-admin-client';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    desk: { type: 'string' },
    'desk-id': { type: 'string' },
  },
});

if (!values.data || (values.desk === undefined) === (values['desk-id'] === undefined)) {
  console.error('Usage: npm run team:restore -- --data DIR (--desk NAME | --desk-id ID)');
  process.exit(2);
}

const client = teamAdminClient();
try {
  await client.connect();
  const { deskId, notice } = await restoreDeskFromTeam({
    client,
    dataDir: values.data,
    desk: values['desk-id'] ? { id: values['desk-id'] } : { name: values.desk ?? '' },
  });
  console.log(`Desk ${deskId} restored into ${values.data}: ${notice.team?.summary ?? ''}`);
  console.log(
    'Start Paydesk on this folder with the same team connection (Settings → Team): it carries on as this desk.',
  );
  process.exitCode = 0;
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`team:restore: ${message}`);
  process.exitCode = error instanceof TeamRestoreRefusedError || /move it aside/.test(message) ? 1 : 2;
} finally {
  await client.end().catch(() => undefined);
}
