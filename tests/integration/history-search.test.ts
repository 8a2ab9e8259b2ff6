// Searching History as an agent does: by the customer's name or e-mail, the decline reason, an amount,
// the masked card as shown, a file name, besides order numbers and ids.
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordsQuery } from '../../src/main/history/search/filter-sql';
import { MIGRATIONS, migrate } from '../../src/main/history/store/migrations';
import {
  foundIds,
  kycBatch,
  MASTERCARD,
  payIn,
  type TempHistory,
  tempHistory,
} from '../support/history/history-fixtures';

let h: TempHistory;
const ids = { anna: 0, jose: 0, declined: 0, batch: 0 };
beforeAll(() => {
  h = tempHistory();
  ids.anna = h.store.insertPayIn(
    payIn({
      apiVersion: 'v1',
      request: { firstName: 'Anna', lastName: 'Kowalska', email: 'anna.k@example.pl', amount: '12.50' },
    }),
  );
  ids.jose = h.store.insertPayIn(
    payIn({
      request: { firstName: 'José', lastName: 'Müller-Núñez', amount: '300.00', cardNumber: MASTERCARD },
    }),
  );
  ids.declined = h.store.insertPayIn(
    payIn({ request: { firstName: 'Bo', lastName: 'Lind', amount: '7.00' } }),
  );
  h.store.updatePayIn(ids.declined, { status: 'declined', remark: 'Insufficient funds' });
  ids.batch = h.store.insertKycBatch(kycBatch({ fileName: 'november-onboarding.xlsx' }));
});
afterAll(() => h.cleanup());

const found = (text: string) => foundIds(h.store, text);

describe('History search', () => {
  it('finds a customer by a word of the name, in any case, accents or not', () => {
    expect(found('kowal')).toEqual([ids.anna]);
    expect(found('Anna Kow')).toEqual([ids.anna]);
    expect(found('muller')).toEqual([ids.jose]);
    expect(found('Núñez')).toEqual([ids.jose]);
    expect(found('anna lind')).toEqual([]);
  });

  it('finds by e-mail, by the decline reason, and a batch by its file name', () => {
    expect(found('anna.k@example.pl')).toEqual([ids.anna]);
    expect(found('insufficient')).toEqual([ids.declined]);
    expect(found('onboarding')).toEqual([ids.batch]);
  });

  it('finds by amount, written as the agent writes it', () => {
    expect(found('12.50')).toEqual([ids.anna]);
    expect(found('12,5')).toEqual([ids.anna]);
    expect(found('300')).toEqual([ids.jose]);
    expect(found('300.00')).toEqual([ids.jose]);
  });

  it('finds by the masked card as History shows it, or its last four digits', () => {
    expect(found('555555******4444')).toEqual([ids.jose]);
    expect(found('555555******4444 (Mastercard)')).toEqual([ids.jose]);
    expect(found('4444')).toEqual([ids.jose]);
    expect(found('411111******4444')).toEqual([]);
  });

  it('treats everything typed as words, never as search syntax', () => {
    expect(wordsQuery('anna" OR *')).toBe('"anna"* AND "OR"*');
    expect(wordsQuery('NEAR(a b)')).toBe('"NEAR"* AND "a"* AND "b"*');
    expect(found('(kowalska)')).toEqual([ids.anna]);
    expect(found('kowalska" OR "lind')).toEqual([]);
    expect(wordsQuery('***')).toBeUndefined();
  });

  it('follows a decline reason that changes, and forgets nothing else', () => {
    h.store.updatePayIn(ids.declined, { remark: 'Do not honour' });
    expect(found('insufficient')).toEqual([]);
    expect(found('honour')).toEqual([ids.declined]);
    expect(found('lind')).toEqual([ids.declined]);
  });
});

describe('the search index of an older history file', () => {
  it('is built from the rows already there when the file is upgraded', () => {
    const db = new DatabaseSync(':memory:');
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version < 5),
    );
    const insert = db.prepare(`INSERT INTO history_rows
      (kind, status, created_at, updated_at, profile, operator, merchant_trade_no, amount, amount_minor, currency, request_json, remark)
      VALUES ('payin', 'declined', 1, 1, 'p', 'o', :tradeNo, '1.00', 100, 'EUR', :request, :remark)`);
    insert.run({
      tradeNo: 'A',
      request: JSON.stringify({ firstName: 'Greta', lastName: 'Olsen' }),
      remark: 'Lost card',
    });
    // A request that is not JSON (never written by Paydesk, but a file may hold anything) is no reason to fail.
    insert.run({ tradeNo: 'B', request: 'not json', remark: null });
    migrate(db);
    const match = (words: string) =>
      db
        .prepare('SELECT rowid FROM history_words WHERE history_words MATCH ?')
        .all(words)
        .map((row) => row.rowid);
    expect(match('"olsen"*')).toEqual([1]);
    expect(match('"lost"* AND "card"*')).toEqual([1]);
    db.close();
  });
});
