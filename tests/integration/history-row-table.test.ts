// The history row's table (src/shared/history-row.ts) against the file the migrations make, the fixed
// lists it must keep (the digest's, the CSV's), and a column added to it end to end in SQLite.
import { DatabaseSync } from 'node:sqlite';
import { type ColumnSpec, HISTORY_COLUMNS } from '@shared/history-row';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/main/history/audit/audit-chain';
import { canonicalJson } from '../../src/main/history/audit/canonical-json';
import { DIGEST_COLUMNS, digestInputSql, legacyRowDigest } from '../../src/main/history/audit/row-digest';
import { columnMigrations } from '../../src/main/history/row-table/column-migrations';
import { DIGEST_FIELDS, FILE_COLUMNS, TEAM_COLUMNS } from '../../src/main/history/row-table/columns';
import { CSV_HEADER } from '../../src/main/history/search/csv-export';
import {
  LATEST_SCHEMA_VERSION,
  MIGRATIONS,
  migrate,
  WRITTEN_MIGRATIONS,
} from '../../src/main/history/store/migrations';
import { toRow } from '../../src/main/history/store/row-mapping';
import { payIn, type TempHistory, tempHistory } from '../support/history/history-fixtures';

let h: TempHistory;
beforeEach(() => {
  h = tempHistory();
});
afterEach(() => h.cleanup());

function fileColumns(db: DatabaseSync): { name: string; type: string }[] {
  return db
    .prepare("SELECT name, type FROM pragma_table_info('history_rows') ORDER BY cid")
    .all()
    .map((row) => ({ name: String(row.name), type: String(row.type) }));
}

describe('the history row table', () => {
  it("lists the file's columns in the file's order, each with its declared type", () => {
    const db = new DatabaseSync(h.filePath, { readOnly: true });
    try {
      expect(fileColumns(db)).toEqual(
        (HISTORY_COLUMNS as readonly ColumnSpec[]).map((spec) => ({ name: spec.sql, type: spec.type })),
      );
      expect(FILE_COLUMNS).toEqual(fileColumns(db).map((column) => column.name));
    } finally {
      db.close();
    }
  });

  it("keeps the row digest's columns in the order digests were first written in", () => {
    // Digests already sealed in audit entries hash these columns in this order: it never changes.
    expect(DIGEST_COLUMNS).toEqual([
      'id',
      'kind',
      'status',
      'created_at',
      'updated_at',
      'profile',
      'operator',
      'api_version',
      'merchant_trade_no',
      'user_id',
      'masked_pan',
      'brand',
      'last4',
      'amount',
      'amount_minor',
      'currency',
      'order_id',
      'traceid',
      'remark',
      'request_json',
      'response_raw',
      'note_json',
      'file_name',
      'sha256',
      'counts_json',
      'chunks_json',
      'accepted_user_ids_json',
    ]);
  });

  it('hashes for a legacy entry the row as the contract showed it then, and no field added since', () => {
    const row = h.store.getById(h.store.insertPayIn(payIn()));
    if (!row) throw new Error('the row was not written');
    // The contract's fields when those entries were written: never more.
    expect(DIGEST_FIELDS).toEqual([
      'id',
      'kind',
      'status',
      'createdAt',
      'updatedAt',
      'profile',
      'operator',
      'apiVersion',
      'merchantTradeNo',
      'userId',
      'maskedPan',
      'brand',
      'last4',
      'amount',
      'currency',
      'orderId',
      'traceid',
      'remark',
      'request',
      'rawResponse',
      'note',
      'fileName',
      'sha256',
      'counts',
      'chunks',
      'acceptedUserIds',
    ]);
    const { note, ...rest } = row;
    const then = Object.fromEntries(Object.entries(rest).filter(([field]) => DIGEST_FIELDS.includes(field)));
    // The rule those entries were written with: the row as it was, its note under its old key.
    expect(legacyRowDigest(row)).toBe(sha256Hex(canonicalJson({ ...then, error: note })));
    const withLaterField = { ...row, productsCount: 3 };
    expect(legacyRowDigest(withLaterField)).toBe(legacyRowDigest(row));
  });

  it("keeps the CSV export's columns where spreadsheets read them, each place taken once", () => {
    // A column added later takes the next place: these never move.
    expect(CSV_HEADER.slice(0, 23)).toEqual([
      'id',
      'createdAt',
      'kind',
      'status',
      'profile',
      'operator',
      'apiVersion',
      'merchantTradeNo',
      'userId',
      'maskedPan',
      'brand',
      'amount',
      'currency',
      'orderId',
      'traceid',
      'remark',
      'errorKind',
      'errorMessage',
      'fileName',
      'recordsTotal',
      'recordsAccepted',
      'recordsRejected',
      'customerName',
    ]);
    const places = (HISTORY_COLUMNS as readonly ColumnSpec[]).flatMap((spec) =>
      (spec.csv ?? []).map((cell) => cell.at),
    );
    expect([...places].sort((a, b) => a - b)).toEqual(places.map((_, index) => index));
  });

  it("replicates exactly the team columns: the keys of the file's team payload", () => {
    h.store.insertPayIn(payIn());
    h.store.teamOutbox.enable();
    const [row] = h.store.teamOutbox.peek(1);
    expect(Object.keys(JSON.parse(row?.payload ?? '{}'))).toEqual(TEAM_COLUMNS.map((column) => column.team));
  });

  it('reads a row through the contract, and a row outside it as it is rather than failing the read', () => {
    const id = h.store.insertPayIn(payIn());
    const db = new DatabaseSync(h.filePath);
    try {
      db.prepare('UPDATE history_rows SET note_json = \'{"no":1}\' WHERE id = ?').run(id);
      const read = (): ReturnType<typeof toRow> => {
        const raw = db.prepare('SELECT * FROM history_rows WHERE id = ?').get(id);
        return toRow(raw ?? {});
      };
      // A note that no longer parses as a note reads as none.
      expect(read()).toMatchObject({ id, kind: 'payin', status: 'pending', note: null });
      db.prepare("UPDATE history_rows SET status = 'made_up', user_id = NULL WHERE id = ?").run(id);
      expect(read()).toMatchObject({ id, status: 'made_up', userId: '' });
    } finally {
      db.close();
    }
  });
});

describe('a column added to the table', () => {
  const extra: ColumnSpec = {
    sql: 'extra_count',
    type: 'INTEGER',
    definition: 'INTEGER CHECK (extra_count IS NULL OR extra_count >= 0)',
    digest: null,
    team: 'extra_count',
    salvage: true,
    added: { history: LATEST_SCHEMA_VERSION + 1, team: 99 },
  };

  it('gets its migration from the table: the column, and replication of it, with every digest as it was', () => {
    const id = h.store.insertPayIn(payIn());
    h.store.teamOutbox.enable();
    const table = [...(HISTORY_COLUMNS as readonly ColumnSpec[]), extra];
    const added = columnMigrations(WRITTEN_MIGRATIONS, table).filter(
      (migration) => migration.version > LATEST_SCHEMA_VERSION,
    );
    expect(added.map((migration) => migration.version)).toEqual([LATEST_SCHEMA_VERSION + 1]);
    const db = new DatabaseSync(h.filePath);
    try {
      const digestBefore = db
        .prepare(`SELECT ${digestInputSql()} AS d FROM history_rows WHERE id = ?`)
        .get(id)?.d;
      expect(migrate(db, [...MIGRATIONS, ...added])).toBe(LATEST_SCHEMA_VERSION + 1);
      expect(fileColumns(db).at(-1)).toEqual({ name: 'extra_count', type: 'INTEGER' });
      expect(() => db.prepare('UPDATE history_rows SET extra_count = -1 WHERE id = ?').run(id)).toThrow(
        /CHECK/,
      );
      db.prepare('UPDATE history_rows SET extra_count = 3 WHERE id = ?').run(id);
      const payload = db
        .prepare("SELECT payload FROM team_outbox WHERE kind = 'row' AND ref = ? ORDER BY seq DESC LIMIT 1")
        .get(id)?.payload;
      const sent = JSON.parse(String(payload));
      expect(Object.keys(sent)).toEqual([...TEAM_COLUMNS.map((column) => column.team), 'extra_count']);
      expect(sent).toMatchObject({ row_id: id, extra_count: 3, kind: 'payin' });
      // Run again on the file with its version set back, it leaves the column as it is.
      db.exec(`PRAGMA user_version = ${LATEST_SCHEMA_VERSION}`);
      expect(migrate(db, [...MIGRATIONS, ...added])).toBe(LATEST_SCHEMA_VERSION + 1);
      db.prepare('UPDATE history_rows SET extra_count = NULL WHERE id = ?').run(id);
      expect(db.prepare(`SELECT ${digestInputSql()} AS d FROM history_rows WHERE id = ?`).get(id)?.d).toBe(
        digestBefore,
      );
    } finally {
      db.close();
    }
  });

  it('is refused when it would leave a gap in the migrations', () => {
    const gap = { ...extra, added: { history: LATEST_SCHEMA_VERSION + 2, team: 99 } };
    expect(() =>
      columnMigrations(WRITTEN_MIGRATIONS, [...(HISTORY_COLUMNS as readonly ColumnSpec[]), gap]),
    ).toThrow(/gap/);
  });
});
