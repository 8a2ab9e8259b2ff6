// The audit trail is only worth something if tampering with the file is noticed: each test changes the
// SQLite file behind the store's back with raw SQL, as someone with the file could, and reopens it.
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/main/history/audit-chain';
import { canonicalJson } from '../../src/main/history/canonical-json';
import { type HistoryStore, openHistoryStore } from '../../src/main/history/history-store';
import { payIn, type TempHistory, tempHistory } from './history-fixtures';

let h: TempHistory;
let ids: number[];

beforeEach(() => {
  h = tempHistory();
  ids = [];
  for (let i = 0; i < 3; i += 1) {
    h.clock.advance(1000);
    const id = h.store.insertPayIn(payIn({ request: { merchantTradeNo: `AUD-${i}` } }));
    h.store.updatePayIn(id, { status: 'approved', orderId: `O-${i}` });
    ids.push(id);
  }
  h.store.close();
});
afterEach(() => h.cleanup());

/** Runs raw SQL on the closed file, with the append-only guards dropped as an intruder would. */
function tamper(sql: string, ...params: (string | number)[]): void {
  const db = new DatabaseSync(h.filePath);
  db.exec('DROP TRIGGER IF EXISTS audit_log_no_update; DROP TRIGGER IF EXISTS audit_log_no_delete;');
  db.prepare(sql).run(...params);
  db.close();
}

function reopen(): HistoryStore {
  h.store = openHistoryStore(h.filePath, { now: h.clock.now });
  return h.store;
}

function entry(seq: number): Record<string, unknown> {
  const db = new DatabaseSync(h.filePath, { readOnly: true });
  const row = db.prepare('SELECT * FROM audit_log WHERE seq = ?').get(seq);
  db.close();
  return row as Record<string, unknown>;
}

/** An entry hashed exactly as Paydesk would: a forger who read the source. */
function forge(seq: number, prevHash: string, rowId: number) {
  const content = {
    seq,
    at: 1,
    operator: 'mallory',
    event: 'payin.updated',
    outcome: 'success',
    resource: 'AUD-X',
    rowId,
    detail: {},
  };
  return { ...content, prevHash, hash: sha256Hex(prevHash + canonicalJson(content)) };
}

function insertForged(forged: ReturnType<typeof forge>): void {
  tamper(
    `INSERT INTO audit_log (seq, at, operator, event, outcome, resource, row_id, detail_json, prev_hash, hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, '{}', ?, ?)`,
    forged.seq,
    forged.at,
    forged.operator,
    forged.event,
    forged.outcome,
    forged.resource,
    forged.rowId,
    forged.prevHash,
    forged.hash,
  );
}

describe('verifyHistory', () => {
  it('accepts an untouched history and counts its entries', () => {
    expect(reopen().verifyHistory()).toEqual({ ok: true, entries: 6 });
  });

  it('the app itself cannot update or delete audit entries', () => {
    const db = new DatabaseSync(h.filePath);
    expect(() => db.exec("UPDATE audit_log SET operator = 'x' WHERE seq = 1")).toThrow(/append-only/);
    expect(() => db.exec('DELETE FROM audit_log WHERE seq = 6')).toThrow(/append-only/);
    db.close();
    expect(reopen().verifyHistory().ok).toBe(true);
  });

  it('detects an edited entry', () => {
    tamper("UPDATE audit_log SET operator = 'mallory' WHERE seq = 3");
    expect(reopen().verifyHistory()).toMatchObject({
      ok: false,
      brokenAt: 3,
      reason: expect.stringMatching(/changed/),
    });
  });

  it('detects an edited detail', () => {
    tamper(`UPDATE audit_log SET detail_json = '{"to":"declined"}' WHERE seq = 2`);
    expect(reopen().verifyHistory()).toMatchObject({ ok: false, brokenAt: 2 });
  });

  it('detects a deleted entry in the middle', () => {
    tamper('DELETE FROM audit_log WHERE seq = 4');
    expect(reopen().verifyHistory()).toMatchObject({
      ok: false,
      brokenAt: 4,
      reason: expect.stringMatching(/missing/),
    });
  });

  it('detects a deleted entry in the middle even when the rest is renumbered', () => {
    tamper('DELETE FROM audit_log WHERE seq = 4');
    tamper('UPDATE audit_log SET seq = seq - 1 WHERE seq > 4');
    tamper('UPDATE audit_head SET seq = seq - 1');
    expect(reopen().verifyHistory()).toMatchObject({ ok: false, brokenAt: 4 });
  });

  it('detects the deletion of the newest entry through the chain head', () => {
    tamper('DELETE FROM audit_log WHERE seq = 6');
    expect(reopen().verifyHistory()).toMatchObject({
      ok: false,
      brokenAt: 6,
      reason: expect.stringMatching(/deleted/),
    });
  });

  it('detects the deletion of the head row itself', () => {
    tamper('DELETE FROM audit_head');
    expect(reopen().verifyHistory()).toMatchObject({ ok: false, brokenAt: 6 });
  });

  it('detects an entry appended outside Paydesk, even one hashed correctly', () => {
    insertForged(forge(7, String(entry(6).hash), ids[0]!));
    expect(reopen().verifyHistory()).toMatchObject({
      ok: false,
      brokenAt: 7,
      reason: expect.stringMatching(/added/),
    });
  });

  it('detects an entry inserted in the middle, even with the head moved along', () => {
    // Make room at seq 3, then slot a correctly hashed forgery in.
    tamper('UPDATE audit_log SET seq = seq + 100 WHERE seq >= 3');
    tamper('UPDATE audit_log SET seq = seq - 99 WHERE seq >= 103');
    insertForged(forge(3, String(entry(2).hash), ids[1]!));
    tamper('UPDATE audit_head SET seq = 7');
    expect(reopen().verifyHistory()).toMatchObject({ ok: false, brokenAt: 4 });
  });

  it('detects a history row edited outside Paydesk', () => {
    tamper("UPDATE history_rows SET amount = '0.01', amount_minor = 1 WHERE id = ?", ids[1]!);
    expect(reopen().verifyHistory()).toMatchObject({
      ok: false,
      rowId: ids[1],
      brokenAt: 4,
      reason: expect.stringMatching(/edited outside Paydesk/),
    });
  });

  it('detects a history row deleted outside Paydesk', () => {
    tamper('DELETE FROM history_rows WHERE id = ?', ids[2]!);
    expect(reopen().verifyHistory()).toMatchObject({ ok: false, rowId: ids[2], brokenAt: 5 });
  });

  it('detects a history row inserted outside Paydesk', () => {
    tamper(
      `INSERT INTO history_rows (kind, status, created_at, updated_at, profile, operator, merchant_trade_no,
         amount, amount_minor, currency, request_json)
       VALUES ('payin', 'approved', 1, 1, 'sandbox', 'mallory', 'FAKE', '1.00', 100, 'EUR', '{}')`,
    );
    expect(reopen().verifyHistory()).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/no audit entry/),
    });
  });
});

describe('row and audit entry are one transaction', () => {
  it('writes no row when its audit entry cannot be written', () => {
    const db = new DatabaseSync(h.filePath);
    db.exec(
      `CREATE TRIGGER fail_audit BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'disk says no'); END;`,
    );
    db.close();
    const store = reopen();
    expect(() => store.insertPayIn(payIn({ request: { merchantTradeNo: 'LOST' } }))).toThrow(/disk says no/);
    expect(store.findPayInByTradeNo('sandbox', 'LOST')).toBeUndefined();
    expect(() => store.updatePayIn(ids[0]!, { remark: 'changed' })).toThrow(/disk says no/);
    expect(store.getById(ids[0]!)).toMatchObject({ remark: null });
  });

  it('writes no audit entry for a change that was refused', () => {
    const store = reopen();
    expect(() => store.updatePayIn(ids[0]!, { status: 'declined' })).toThrow();
    expect(store.auditTrail(ids[0]!)).toHaveLength(2);
    expect(store.verifyHistory()).toEqual({ ok: true, entries: 6 });
  });

  it('chains events not tied to a row with the rest', () => {
    const store = reopen();
    const recorded = store.recordEvent({
      operator: 'alice',
      event: 'secret.changed',
      outcome: 'success',
      resource: 'profile:sandbox',
    });
    expect(recorded.seq).toBe(7);
    expect(recorded.prevHash).toBe(String(entry(6).hash));
    expect(store.verifyHistory()).toEqual({ ok: true, entries: 7 });
  });
});
