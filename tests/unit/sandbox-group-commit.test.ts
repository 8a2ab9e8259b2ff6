// The sandbox commits the pay-in writes of one event-loop turn together (src/sandbox/group-commit.ts):
// they are visible at once to the same connection, committed at the end of the turn or before any write
// outside the group, and a failed commit undoes the whole group and tells every request that waits for it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { GroupCommit } from '../../src/sandbox/group-commit';
import { type OrderRow, SandboxStore } from '../../src/sandbox/store';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function dataFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-group-commit-'));
  dirs.push(dir);
  return join(dir, 'sandbox.sqlite');
}

let sequence = 0;
function order(overrides: Partial<OrderRow> = {}): OrderRow {
  sequence += 1;
  const at = new Date().toISOString();
  return {
    orderId: `order-${String(sequence).padStart(10, '0')}`,
    merchantId: 100001,
    merchantTradeNo: `trade-${sequence}`,
    version: 'v2',
    bodyHash: 'hash',
    userId: 'u-1',
    amount: '10.00',
    currency: null,
    orderStatus: 2,
    remark: '',
    maskedCard: '424242******4242',
    brand: 'Visa',
    cardOutcome: 'approve',
    txMode: 'h2h',
    ccStorageID: null,
    browserToken: null,
    callBackURL: null,
    successURL: null,
    failURL: null,
    retURL: null,
    fault: null,
    traceid: `trace-${sequence}`,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** What another connection to the same file sees: only what is committed. */
function committedTradeNos(file: string): string[] {
  const reader = new DatabaseSync(file, { readOnly: true });
  try {
    return reader
      .prepare('SELECT merchant_trade_no FROM orders ORDER BY rowid')
      .all()
      .map((row) => String(row.merchant_trade_no));
  } finally {
    reader.close();
  }
}

describe('the sandbox store with a data file', () => {
  it('commits the orders of one turn together, at the end of the turn, and the store sees them before', async () => {
    const file = dataFile();
    const store = new SandboxStore(file);
    try {
      const first = order();
      const second = order();
      store.insertOrder(first);
      store.insertOrder(second);
      expect(store.findOrder(100001, first.merchantTradeNo)?.orderId).toBe(first.orderId);
      expect(committedTradeNos(file)).toEqual([]);
      await store.committed();
      expect(committedTradeNos(file)).toEqual([first.merchantTradeNo, second.merchantTradeNo]);
    } finally {
      store.close();
    }
  });

  it('keeps the rest of a group when one of its writes fails', async () => {
    const file = dataFile();
    const store = new SandboxStore(file);
    try {
      const kept = order();
      store.insertOrder(kept);
      expect(() => store.insertOrder(order({ merchantTradeNo: kept.merchantTradeNo }))).toThrow(/UNIQUE/);
      await store.committed();
      expect(committedTradeNos(file)).toEqual([kept.merchantTradeNo]);
    } finally {
      store.close();
    }
  });

  it('commits an open group before a write outside it, before inspection reads, and on close', async () => {
    const file = dataFile();
    const store = new SandboxStore(file);
    const beforeKyc = order();
    store.insertOrder(beforeKyc);
    store.acceptKyc(100001, [{ userId: 'k-1' } as never], 'trace-kyc', new Date().toISOString());
    expect(committedTradeNos(file)).toEqual([beforeKyc.merchantTradeNo]);

    const beforeInspection = order();
    store.insertOrder(beforeInspection);
    expect(store.listOrders({ merchantTradeNo: beforeInspection.merchantTradeNo })).toHaveLength(1);
    expect(committedTradeNos(file)).toContain(beforeInspection.merchantTradeNo);

    const beforeClose = order();
    store.insertOrder(beforeClose);
    store.close();
    expect(committedTradeNos(file)).toContain(beforeClose.merchantTradeNo);
    await expect(store.committed()).resolves.toBeUndefined();
  });
});

describe('GroupCommit', () => {
  it('rolls the whole group back when its commit fails, rejects its waiters, and opens a new group after', async () => {
    const db = new DatabaseSync(':memory:');
    db.exec(`PRAGMA foreign_keys = ON;
      CREATE TABLE parent (id INTEGER PRIMARY KEY);
      CREATE TABLE child (id INTEGER, parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);`);
    const group = new GroupCommit(db);
    const insertChild = db.prepare('INSERT INTO child (id, parent_id) VALUES (?, ?)');
    group.write(() => insertChild.run(1, null));
    // A deferred foreign key is checked at COMMIT: this makes the group's commit fail.
    group.write(() => insertChild.run(2, 99));
    await expect(group.committed()).rejects.toThrow(/FOREIGN KEY/);
    expect(db.isTransaction).toBe(false);
    expect(db.prepare('SELECT count(*) AS n FROM child').get()).toEqual({ n: 0 });

    group.write(() => insertChild.run(3, null));
    await group.committed();
    expect(db.prepare('SELECT id FROM child').all()).toEqual([{ id: 3 }]);
    db.close();
  });
});
