// The damaged-history reports (the start-up notice a salvage writes beside the damaged copy, as JSON):
// the one nobody has acknowledged yet, its acknowledgement, and a team restore's word on the audit key.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type HistorySalvageNotice, historySalvageNoticeSchema } from '@shared/history-startup';
import { worded } from '../../i18n/worded';
import type { AuditTrust } from '../audit/audit-trust';

export const DAMAGED_FOLDER = 'damaged';

/**
 * Once the audit key is loaded: says in each unacknowledged team restore's report whether this keychain
 * holds the key that sealed the restored entries ('here': History's check proves them as before) or not
 * ('team': a new PC, a new key sealing from after them; they are proved by the desk's Ed25519 signatures
 * in the team database, checked at the restore and by npm run team:verify).
 */
export function markTeamAuditKey(dataDir: string, trust: AuditTrust): void {
  for (const file of reportFiles(dataDir)) {
    const notice = readReport(file);
    if (!notice?.team || notice.acknowledgedAt !== null) continue;
    if (notice.team.outcome !== 'restored' || notice.team.auditKey !== null) continue;
    const here = notice.team.newestSeq > 0 && trust.ruleFor(notice.team.newestSeq) !== 'unproved';
    const auditKey = here ? 'here' : 'team';
    const said = here
      ? worded('history.salvage.team.keyHere')
      : worded('history.salvage.team.keyElsewhere', { newestSeq: notice.team.newestSeq });
    const summary = `${notice.team.summary} ${said.message}`;
    // A report written before words has the English alone: it stays so, the renderer shows it as it is.
    const words = notice.team.words && [...notice.team.words, said.words];
    writeFileSync(
      file,
      `${JSON.stringify({ ...notice, team: { ...notice.team, auditKey, summary, ...(words && { words }) } }, null, 2)}\n`,
      { mode: 0o600 },
    );
  }
}

/** The damaged-history reports in the data folder, newest first. */
function reportFiles(dataDir: string): string[] {
  const dir = join(dataDir, DAMAGED_FOLDER);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^history-[0-9TZ-]+\.report\.json$/.test(name))
    .sort()
    .reverse()
    .map((name) => join(dir, name));
}

function readReport(file: string): HistorySalvageNotice | undefined {
  try {
    const parsed = historySalvageNoticeSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The newest salvage report nobody has acknowledged yet, or null. */
export function pendingSalvageNotice(dataDir: string): HistorySalvageNotice | null {
  for (const file of reportFiles(dataDir)) {
    const notice = readReport(file);
    if (notice && notice.acknowledgedAt === null) return notice;
  }
  return null;
}

/** Marks every unacknowledged report acknowledged by `operator`; answers how many. */
export function acknowledgeSalvageNotices(dataDir: string, operator: string, now: number): number {
  let count = 0;
  for (const file of reportFiles(dataDir)) {
    const notice = readReport(file);
    if (!notice || notice.acknowledgedAt !== null) continue;
    writeFileSync(
      file,
      `${JSON.stringify({ ...notice, acknowledgedAt: now, acknowledgedBy: operator }, null, 2)}\n`,
      {
        mode: 0o600,
      },
    );
    count += 1;
  }
  return count;
}
