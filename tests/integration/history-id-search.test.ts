// An agent reads an identifier back from a customer's e-mail or a call: the customer id in lower case, the
// order number in lower case, or only its end. History must find the pay-in whatever the case, by any part of
// 4 characters or more (the identifiers' 4-character runs, history migration 11), and a file written before that migration
// must come out with every row's identifiers in the index.
import { rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idPartMatches, idPartQuery } from '../../src/main/history/search/filter-sql';
import { withWordIndexRebuilt } from '../../src/main/history/search/word-index';
import { MIGRATIONS, migrate } from '../../src/main/history/store/migrations';
import { foundIds, payIn, type TempHistory, tempHistory } from '../support/history/history-fixtures';

const ORDER_1 = 'PD20261128T174151123Zab12cd34';
const ORDER_2 = 'PD20261127T101010000Zfe98dc76';
const ORDER_3 = 'PD20261126T080808000Z11223344';

describe('History search for an identifier', () => {
  let h: TempHistory;
  const ids = { first: 0, second: 0, other: 0, accented: 0 };
  beforeAll(() => {
    h = tempHistory();
    ids.first = h.store.insertPayIn(
      payIn({
        request: { merchantTradeNo: ORDER_1, userId: 'CUST-5005', firstName: 'Chloé', lastName: 'Moreau' },
      }),
    );
    ids.second = h.store.insertPayIn(payIn({ request: { merchantTradeNo: ORDER_2, userId: 'CUST-5005' } }));
    ids.other = h.store.insertPayIn(payIn({ request: { merchantTradeNo: ORDER_3, userId: 'CUST-7001' } }));
    ids.accented = h.store.insertPayIn(payIn({ request: { userId: 'josé-77' } }));
    // The gateway's orderId arrives with its answer, after the row was written.
    h.store.updatePayIn(ids.other, { status: 'approved', orderId: 'GW-ORD-77A1B2' });
  });
  afterAll(() => h.cleanup());

  const found = (text: string) => foundIds(h.store, text);

  it('finds a customer id in any case', () => {
    expect(found('cust-5005')).toEqual([ids.first, ids.second]);
    expect(found('Cust-5005')).toEqual([ids.first, ids.second]);
    expect(found('CUST-5005')).toEqual([ids.first, ids.second]);
    expect(found('5005')).toEqual([ids.first, ids.second]);
    expect(found('cust-')).toEqual([ids.first, ids.second, ids.other]);
  });

  it('finds an order number in lower case, and by its end or any part of 4 characters or more', () => {
    expect(found(ORDER_1.toLowerCase())).toEqual([ids.first]);
    expect(found('pd20261128')).toEqual([ids.first]);
    expect(found('ab12cd34')).toEqual([ids.first]);
    expect(found('AB12CD34')).toEqual([ids.first]);
    expect(found('cd34')).toEqual([ids.first]);
    expect(found('t1741')).toEqual([ids.first]);
    expect(found('pd2026')).toEqual([ids.first, ids.second, ids.other]);
  });

  it("finds the gateway's orderId, set after the row was written, by a part in another case", () => {
    expect(found('ord-77a1')).toEqual([ids.other]);
    expect(found('gw-ord-77a1b2')).toEqual([ids.other]);
    h.store.updatePayIn(ids.other, { orderId: 'GW-ORD-99' });
    expect(found('ord-77a1')).toEqual([]);
    expect(found('ord-99')).toEqual([ids.other]);
  });

  it('matches a part shorter than 4 characters only from the start, as written', () => {
    expect(idPartQuery('d34')).toBeUndefined();
    expect(found('d34')).toEqual([]);
    expect(found('pd2')).toEqual([]);
    expect(found('PD2')).toEqual([ids.first, ids.second, ids.other]);
  });

  it('leaves accents as they are: a name ignores them, an identifier keeps them (its A to Z in any case)', () => {
    expect(found('chloe')).toEqual([ids.first]);
    expect(found('CHLOÉ')).toEqual([ids.first]);
    expect(found('JOSé-77')).toEqual([ids.accented]);
    expect(found('osé-')).toEqual([ids.accented]);
    expect(found('jose-77')).toEqual([]);
  });

  it('takes nothing typed as search syntax', () => {
    // Runs of 4 characters as the index holds them: their bytes in hex.
    expect(idPartQuery('aB"cd')).toBe('"61622263 62226364"');
    expect(found('5005" OR "7001')).toEqual([]);
    expect(found('cust*')).toEqual([]);
  });
});

describe('the identifiers of a version-10 history file', () => {
  let h: TempHistory;
  beforeEach(() => {
    h = tempHistory();
    h.store.close();
  });
  afterEach(() => h.cleanup());

  it('are indexed by migration 11, which the store runs when it opens the file', () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(h.filePath + suffix, { force: true });
    const db = new DatabaseSync(h.filePath);
    expect(
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 10),
      ),
    ).toBe(10);
    const insert = db.prepare(`INSERT INTO history_rows
      (kind, status, created_at, updated_at, profile, operator, merchant_trade_no, user_id, order_id, amount,
       amount_minor, currency, request_json)
      VALUES ('payin', 'approved', :at, :at, 'Sandbox', 'o', :tradeNo, :userId, :orderId, '1.00', 100, 'EUR', '{}')`);
    insert.run({ at: 1, tradeNo: ORDER_1, userId: 'CUST-5005', orderId: 'GW-1' });
    insert.run({ at: 2, tradeNo: ORDER_2, userId: 'CUST-5005', orderId: null });
    insert.run({ at: 3, tradeNo: ORDER_3, userId: 'CUST-7001', orderId: 'GW-ORD-77A1B2' });
    db.close();

    const store = h.reopen();
    const found = (text: string) => foundIds(store, text);
    expect(found('cust-5005')).toEqual([1, 2]);
    expect(found('ab12cd34')).toEqual([1]);
    expect(found('ord-77a1')).toEqual([3]);
    // Rows written after the upgrade are indexed by its triggers.
    const id = store.insertPayIn(payIn({ request: { userId: 'NEW-CUSTOMER-1' } }));
    expect(found('new-customer')).toEqual([id]);
  });
});

describe('a bulk writer with the search indexes paused', () => {
  it('leaves every identifier it wrote findable by part, and the triggers working after it', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db);
    const insert = db.prepare(`INSERT INTO history_rows
      (kind, status, created_at, updated_at, profile, operator, merchant_trade_no, user_id, amount, amount_minor,
       currency)
      VALUES ('payin', 'approved', 1, 1, 'p', 'o', ?, ?, '1.00', 100, 'EUR')`);
    const matching = (text: string) =>
      db
        .prepare(`SELECT id FROM (${idPartMatches().join(' UNION ')}) ORDER BY id`)
        .all({ idPart: idPartQuery(text) ?? '' })
        .map((row) => Number(row.id));
    insert.run('BEFORE-0001', 'cust-1');
    db.exec('BEGIN');
    const seenDuring = withWordIndexRebuilt(db, () => {
      for (let i = 0; i < 30; i++) insert.run(`BULK-${1000 + i}`, `CUST-${i % 3}`);
      return matching('bulk').length;
    });
    db.exec('COMMIT');
    expect(seenDuring).toBe(0);
    expect(matching('before')).toEqual([1]);
    expect(matching('bulk-10')).toHaveLength(30);
    expect(matching('cust-1')).toHaveLength(11);
    insert.run('AFTER-0001', 'x');
    expect(matching('after')).toEqual([32]);
    db.close();
  });
});
