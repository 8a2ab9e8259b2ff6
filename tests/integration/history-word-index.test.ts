// History migration 10 rebuilds the word index with prefix indexes (1 to 12 characters), so that a search
// word is read lazily rather than merged whole. A file written before it (version 9) must come out with every
// row's words in the new index, and a word of any length must find exactly the rows it found before: a
// prefix shorter than, as long as and longer than the longest prefix index, a whole word, accents or not.
import { rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withWordIndexRebuilt } from '../../src/main/history/search/word-index';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, migrate } from '../../src/main/history/store/migrations';
import { type TempHistory, tempHistory } from '../support/history/history-fixtures';

const PEOPLE = [
  { firstName: 'Anna', lastName: 'Kowalska', email: 'anna.kowalska@example.pl' },
  { firstName: 'Zoë', lastName: 'Kowalczykowska-Nowak', email: 'zoe.rossi14@example.com' },
  { firstName: 'José', lastName: 'Müller-Núñez', email: 'jose@example.es' },
  { firstName: 'Annabelle', lastName: 'Berg', email: 'a.berg@example.se' },
];
const REMARKS = ['Insufficient funds', 'Do not honour', null, 'Suspected fraud'];

let h: TempHistory;
beforeEach(() => {
  h = tempHistory();
  h.store.close();
});
afterEach(() => h.cleanup());

/** A version-9 history file in place of the one tempHistory made: no rows, the word index without prefixes. */
function versionNineFile(): DatabaseSync {
  for (const suffix of ['', '-wal', '-shm']) rmSync(h.filePath + suffix, { force: true });
  const db = new DatabaseSync(h.filePath);
  migrate(
    db,
    MIGRATIONS.filter((migration) => migration.version <= 9),
  );
  return db;
}

/** Ids of the rows the word index matches for `query` (FTS5 syntax as filter-sql.ts writes it). */
function matching(db: DatabaseSync, query: string): number[] {
  return db
    .prepare('SELECT rowid FROM history_words WHERE history_words MATCH ? ORDER BY rowid')
    .all(query)
    .map((row) => Number(row.rowid));
}

describe('the word index of a version-9 history file', () => {
  it('is rebuilt with prefix indexes and matches what it matched before, word for word', () => {
    const db = new DatabaseSync(':memory:');
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 9),
    );
    const insert = db.prepare(`INSERT INTO history_rows
      (kind, status, created_at, updated_at, profile, operator, merchant_trade_no, amount, amount_minor, currency, request_json, remark)
      VALUES ('payin', 'declined', :at, :at, 'p', 'o', :tradeNo, '1.00', 100, 'EUR', :request, :remark)`);
    for (let i = 0; i < 400; i++) {
      insert.run({
        at: i,
        tradeNo: `PD-${i}`,
        request: JSON.stringify(PEOPLE[i % PEOPLE.length]),
        remark: REMARKS[i % REMARKS.length] ?? null,
      });
    }
    const queries = [
      '"a"*',
      '"an"*',
      '"anna"*',
      '"annab"*',
      '"kowal"*',
      '"kowalczykowska"*', // 14 characters: longer than any prefix index
      '"kowalczykows"*', // 12: the longest prefix index
      '"insufficient"*',
      '"zoe"*',
      '"zoë"*',
      '"nunez"*',
      '"anna"* AND "kowalska"*',
      '"anna"* AND "honour"*',
      '"example"* AND "se"*',
      '"kowalska"',
    ];
    const before = new Map(queries.map((query) => [query, matching(db, query)]));
    expect(
      String(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'history_words'").get()?.sql),
    ).not.toContain('prefix');

    expect(migrate(db)).toBe(LATEST_SCHEMA_VERSION);
    expect(
      String(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'history_words'").get()?.sql),
    ).toContain("prefix = '1 2 3 4 5 6 7 8 9 10 11 12'");
    for (const query of queries) expect(matching(db, query), query).toEqual(before.get(query));
    expect(matching(db, '"kowalczykowska"*')).toHaveLength(100);
    expect(matching(db, '"an"*')).toHaveLength(200);

    // The triggers are back: a changed decline reason, a new row and a deleted one are followed.
    db.prepare("UPDATE history_rows SET remark = 'Lost card' WHERE id = 1").run();
    expect(matching(db, '"insufficient"*')).not.toContain(1);
    expect(matching(db, '"lost"*')).toEqual([1]);
    insert.run({ at: 999, tradeNo: 'PD-new', request: JSON.stringify({ firstName: 'Quinn' }), remark: null });
    expect(matching(db, '"q"*')).toEqual([401]);
    db.prepare('DELETE FROM history_rows WHERE id = 401').run();
    expect(matching(db, '"q"*')).toEqual([]);
    db.close();
  });

  it("is migrated in the history file's own store, and History's search finds by any prefix", () => {
    const db = versionNineFile();
    db.prepare(`INSERT INTO history_rows
      (kind, status, created_at, updated_at, profile, operator, merchant_trade_no, amount, amount_minor, currency, request_json, remark)
      VALUES ('payin', 'declined', 5, 5, 'Sandbox', 'o', 'PD-1', '1.00', 100, 'EUR', ?, 'Insufficient funds')`).run(
      JSON.stringify(PEOPLE[1]),
    );
    db.close();
    const store = h.reopen();
    const found = (text: string) =>
      store.query({ text, sort: 'createdAt_desc', limit: 50 }).rows.map((row) => row.id);
    expect(found('k')).toEqual([1]);
    expect(found('kowalczykowska')).toEqual([1]);
    expect(found('zoe insuff')).toEqual([1]);
    expect(found('zoe honour')).toEqual([]);
  });
});

describe('a bulk writer (the salvage, the team restore) with the word index paused', () => {
  it('leaves every row it wrote findable by its words, and the trigger working after it', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db);
    const insert = db.prepare(`INSERT INTO history_rows
      (kind, status, created_at, updated_at, profile, operator, merchant_trade_no, amount, amount_minor, currency, request_json, remark)
      VALUES ('payin', 'declined', 1, 1, 'p', 'o', ?, '1.00', 100, 'EUR', ?, ?)`);
    insert.run('before', JSON.stringify({ firstName: 'Greta' }), null);
    expect(() => withWordIndexRebuilt(db, () => undefined)).toThrow(/inside a transaction/);

    db.exec('BEGIN');
    const seenDuring = withWordIndexRebuilt(db, () => {
      for (let i = 0; i < 50; i++) {
        insert.run(
          `bulk-${i}`,
          JSON.stringify(PEOPLE[i % PEOPLE.length]),
          REMARKS[i % REMARKS.length] ?? null,
        );
      }
      return matching(db, '"kowal"*').length;
    });
    db.exec('COMMIT');
    expect(seenDuring).toBe(0);
    expect(matching(db, '"greta"*')).toEqual([1]);
    expect(matching(db, '"kowal"*')).toHaveLength(26);
    expect(matching(db, '"insufficient"*')).toHaveLength(13);
    expect(db.prepare('SELECT count(*) AS n FROM history_words_paused').get()?.n).toBe(0);
    insert.run('after', JSON.stringify({ firstName: 'Quinn' }), null);
    expect(matching(db, '"quinn"*')).toEqual([52]);
    db.close();
  });
});
