// History migration 9 renamed the column of the note shown to the agent, error_json, to note_json. A file
// written before it (same schema, the old name: made here by renaming the column back, as a file of the old
// code has it) must open with every row and audit entry still verifying, its notes read back, its queued
// team payloads unchanged, and the salvage must still read such a file when it is a backup or damaged.
// The legacy rule (entries sealed before keyed audit) is proved on a real old file in
// history-audit-key.test.ts (tests/fixtures/history/paydesk-0.1-history.sqlite).
import { DatabaseSync } from 'node:sqlite';
import type { PayInRow } from '@shared/history';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { digestInputSql } from '../../src/main/history/audit/row-digest';
import { ROW_COLUMNS, readBackup } from '../../src/main/history/salvage/salvage-read';
import { LATEST_SCHEMA_VERSION } from '../../src/main/history/store/migrations';
import { payIn, type TempHistory, tempHistory } from '../support/history/history-fixtures';

const NOTE = { kind: 'outcome_unknown', message: 'The answer was lost: check the order.', field: 'amount' };

let h: TempHistory;
let id: number;
beforeEach(() => {
  h = tempHistory();
  id = h.store.insertPayIn(payIn());
  h.store.updatePayIn(id, { status: 'outcome_unknown', note: NOTE });
  h.store.close();
});
afterEach(() => h.cleanup());

/** The file as the code before migration 9 left it: the column named error_json, user_version 8. */
function asBeforeMigration9(file: string): string {
  const db = new DatabaseSync(file);
  try {
    db.exec('ALTER TABLE history_rows RENAME COLUMN note_json TO error_json');
    db.exec('PRAGMA user_version = 8');
    // The digest input as that code computed it: the same columns in the same order, by their old name.
    const oldSql = digestInputSql().replace('quote(note_json)', 'quote(error_json)');
    return String(db.prepare(`SELECT ${oldSql} AS d FROM history_rows WHERE id = ?`).get(id)?.d);
  } finally {
    db.close();
  }
}

describe('a history file from before the note column was renamed', () => {
  it('is migrated: the row hashes the same text, every entry verifies, the note reads back', () => {
    const before = asBeforeMigration9(h.filePath);
    expect(before).toContain(JSON.stringify(NOTE).replaceAll("'", "''"));
    const store = h.reopen();
    expect(store.verifyHistory()).toMatchObject({ ok: true, problems: [] });
    expect((store.getById(id) as PayInRow).note).toEqual(NOTE);
    store.close();
    const db = new DatabaseSync(h.filePath, { readOnly: true });
    const after = String(
      db.prepare(`SELECT ${digestInputSql()} AS d FROM history_rows WHERE id = ?`).get(id)?.d,
    );
    const version = Number(db.prepare('PRAGMA user_version').get()?.user_version);
    db.close();
    expect(version).toBe(LATEST_SCHEMA_VERSION);
    expect(after).toBe(before);
  });

  it("keeps the team payload's key error_json, the team database's column", () => {
    asBeforeMigration9(h.filePath);
    const store = h.reopen();
    const db = new DatabaseSync(h.filePath, { readOnly: true });
    const payload = JSON.parse(
      String(db.prepare('SELECT payload FROM team_row_payload WHERE id = ?').get(id)?.payload),
    );
    db.close();
    expect(payload).not.toHaveProperty('note_json');
    expect(JSON.parse(payload.error_json)).toEqual(NOTE);
    expect(store.getById(id)?.id).toBe(id);
  });

  it('is read by the salvage as a backup, the note under its new name', () => {
    asBeforeMigration9(h.filePath);
    const { rows } = readBackup(h.filePath);
    const values = rows.get(id)?.values ?? [];
    expect(JSON.parse(String(values[ROW_COLUMNS.indexOf('note_json')]))).toEqual(NOTE);
  });
});
