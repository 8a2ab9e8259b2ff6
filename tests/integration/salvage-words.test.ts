// The damaged-history notice in the catalogue's words (issue 33): the team database's part of it, and the
// report kept beside the damaged copy, which must still read when a previous version wrote it (English
// alone, no words) and is completed with where the audit key is without words it never had.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistorySalvageNotice } from '@shared/history-startup';
import type { MessageKey } from '@shared/i18n/messages';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditTrust } from '../../src/main/history/audit/audit-trust';
import { markTeamAuditKey, pendingSalvageNotice } from '../../src/main/history/salvage/salvage-reports';
import { NO_TEAM_PASSWORD, teamNotice } from '../../src/main/history/salvage/team-copy';
import { wordsIn } from '../../src/main/i18n/words';
import { expectSaidInWords } from '../support/i18n/said-in-words';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A team restore's report as a previous version wrote it: English only, the audit key not yet said. */
function previousReport(): HistorySalvageNotice {
  return {
    v: 1,
    id: 'history-2026-01-02T03-04-05-006Z',
    at: 1_767_322_000_000,
    reason: 'The history file is cut short: it is shorter than a SQLite header.',
    damagedFiles: ['/data/damaged/history-2026-01-02T03-04-05-006Z.sqlite'],
    backupUsed: null,
    backupsSkipped: [{ file: '/data/backups/a.sqlite', reason: 'written by a newer Paydesk (schema 99)' }],
    rows: { recovered: 3, fromBackup: 0, fromDamagedFile: 1, fromLog: 0 },
    entries: { recovered: 5, missing: 0 },
    missingRows: [],
    missingRowCount: 0,
    mismatchedRowIds: [],
    mismatchedRowCount: 0,
    openPayIns: [],
    settledInLogOnly: [],
    team: {
      deskId: 'desk-1',
      outcome: 'restored',
      summary: '2 rows and 5 audit entries of desk "Front" came back from the team database.',
      rows: 2,
      entries: 5,
      newestSeq: 5,
      localOnlyRows: 0,
      localOnlyEntries: 0,
      auditKey: null,
    },
    acknowledgedAt: null,
    acknowledgedBy: null,
  };
}

function dataDirWith(report: HistorySalvageNotice): { dataDir: string; file: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-salvage-words-'));
  folders.push(dataDir);
  mkdirSync(join(dataDir, 'damaged'));
  const file = join(dataDir, 'damaged', `${report.id}.report.json`);
  writeFileSync(file, JSON.stringify(report));
  return { dataDir, file };
}

/** A keychain without the key that sealed entries 1–5: a new PC. */
const newPc = { ruleFor: () => 'unproved' } as unknown as AuditTrust;

describe("the team database's part of the notice", () => {
  it('says a refused, an unreachable and a restored copy in words, the team side’s reason as given', () => {
    const refused = teamNotice(
      { deskId: 'd', outcome: 'refused', reason: 'Entry 4 does not verify.' },
      undefined,
    );
    const unreachable = teamNotice(
      { deskId: 'd', outcome: 'unreachable', reason: 'ECONNREFUSED' },
      undefined,
    );
    const noPassword = teamNotice(
      { deskId: 'd', outcome: 'unreachable', reason: NO_TEAM_PASSWORD },
      undefined,
    );
    const restored = teamNotice(
      {
        deskId: 'd',
        deskName: 'Front',
        rows: new Map([[1, {} as never]]),
        entries: new Map([
          [1, {} as never],
          [2, {} as never],
        ]),
        maxVersion: 2,
        anchorSeq: 2,
      },
      { fromTeam: 1, localOnlyRows: [7, 8], localOnlyEntries: [3] },
    );
    for (const team of [refused, unreachable, noPassword, restored])
      expectSaidInWords(team.summary, team.words);
    expect(refused.summary).toContain('Entry 4 does not verify.');
    expect(noPassword.words?.[0]?.key).toBe('history.salvage.team.noPassword');
    expect(restored.summary).toMatch(/^1 row and 2 audit entries of desk "Front" came back/);
  });

  it('adds where the audit key is, in words, to a report that has them', async () => {
    const restored = teamNotice(
      {
        deskId: 'd',
        deskName: 'Front',
        rows: new Map(),
        entries: new Map([[5, {} as never]]),
        maxVersion: 5,
        anchorSeq: 5,
      },
      { fromTeam: 0, localOnlyRows: [], localOnlyEntries: [] },
    );
    const { dataDir } = dataDirWith({ ...previousReport(), team: restored });
    markTeamAuditKey(dataDir, newPc);
    const notice = pendingSalvageNotice(dataDir);
    expect(notice?.team?.auditKey).toBe('team');
    expectSaidInWords(notice?.team?.summary, notice?.team?.words);
    const german = await wordsIn('de');
    const said = notice?.team?.words?.map((one) => german(one.key as MessageKey, one.values)).join(' ');
    expect(said).toContain('Dieser Schlüsselbund enthält nicht den Protokollschlüssel');
    expect(said).toContain('Einträge 1–5');
  });
});

describe('a report written by the previous version (no words)', () => {
  it('still reads, and is completed in English alone', () => {
    const { dataDir, file } = dataDirWith(previousReport());
    const read = pendingSalvageNotice(dataDir);
    expect(read).toEqual(previousReport());
    markTeamAuditKey(dataDir, newPc);
    const completed = JSON.parse(readFileSync(file, 'utf8'));
    expect(completed.team.auditKey).toBe('team');
    expect(completed.team.summary).toMatch(
      /^2 rows and 5 audit entries .+ This keychain does not hold the audit key/,
    );
    expect(completed.team.words).toBeUndefined();
    expect(pendingSalvageNotice(dataDir)?.reasonWords).toBeUndefined();
  });
});
