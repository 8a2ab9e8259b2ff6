// The audit trail is only worth something if tampering with the file is noticed: each test changes the
// SQLite file behind the store's back with raw SQL, as someone with the file could, and reopens it with
// the same audit key and anchor (a restart on the same keychain). Every check must report every problem.
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import type { HistoryVerification } from '@shared/history';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentText, type RawEntry, sha256Hex, toRawEntry } from '../../src/main/history/audit/audit-chain';
import { digestInputSql, rowDigest } from '../../src/main/history/audit/row-digest';
import {
  type HistoryStore,
  openHistoryStore,
  RowFailsVerificationError,
} from '../../src/main/history/store/history-store';
import { payIn, type TempHistory, tempHistory } from '../support/history/history-fixtures';

let h: TempHistory;
let ids: number[];

// Three pay-ins, each created and approved: entries 1-6, entry 2i+1 creates ids[i], 2i+2 approves it.
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
  return h.reopen();
}

function entry(seq: number): RawEntry {
  const db = new DatabaseSync(h.filePath, { readOnly: true });
  const row = db.prepare('SELECT * FROM audit_log WHERE seq = ?').get(seq);
  db.close();
  return toRawEntry(row as Record<string, unknown>);
}

/** What each problem is about, without its words. */
function found(verification: HistoryVerification) {
  return verification.problems.map(({ kind, seq, rowId }) => ({ kind, seq, rowId }));
}

/**
 * A forger who read the source: recomputes every hash from `fromSeq` on with Paydesk's own functions and
 * the unkeyed rule (SHA-256 of the link and the content), and moves the chain's head along.
 */
function rehashChainFrom(fromSeq: number): void {
  const db = new DatabaseSync(h.filePath);
  db.exec('DROP TRIGGER IF EXISTS audit_log_no_update; DROP TRIGGER IF EXISTS audit_log_no_delete;');
  let prev =
    fromSeq > 1
      ? String(db.prepare('SELECT hash FROM audit_log WHERE seq = ?').get(fromSeq - 1)?.hash)
      : '0'.repeat(64);
  for (const row of db.prepare('SELECT * FROM audit_log WHERE seq >= ? ORDER BY seq').all(fromSeq)) {
    const raw = toRawEntry(row);
    const hash = sha256Hex(prev + contentText(raw));
    db.prepare('UPDATE audit_log SET prev_hash = ?, hash = ? WHERE seq = ?').run(prev, hash, raw.seq);
    db.prepare('UPDATE audit_head SET seq = ?, hash = ? WHERE id = 1').run(raw.seq, hash);
    prev = hash;
  }
  db.close();
}

/** Makes the row's latest entry record the row as it now is, with Paydesk's own row digest. */
function rerecordRow(rowId: number): number {
  const db = new DatabaseSync(h.filePath);
  db.exec('DROP TRIGGER IF EXISTS audit_log_no_update;');
  const input = String(
    db.prepare(`SELECT ${digestInputSql()} AS d FROM history_rows WHERE id = ?`).get(rowId)?.d,
  );
  const latest = toRawEntry(
    db.prepare('SELECT * FROM audit_log WHERE row_id = ? ORDER BY seq DESC LIMIT 1').get(rowId) as Record<
      string,
      unknown
    >,
  );
  const detail = { ...JSON.parse(latest.detail_json), rowHash: rowDigest(input) };
  const sorted = Object.fromEntries(Object.entries(detail).sort(([a], [b]) => (a < b ? -1 : 1)));
  db.prepare('UPDATE audit_log SET detail_json = ? WHERE seq = ?').run(JSON.stringify(sorted), latest.seq);
  db.close();
  return latest.seq;
}

describe('verifyHistory reports every problem', () => {
  it('accepts an untouched history and says how far it holds', () => {
    const verification = reopen().verifyHistory();
    expect(verification).toMatchObject({
      ok: true,
      scope: 'full',
      entries: 6,
      rowsChecked: 3,
      verifiedUpTo: { seq: 6, at: entry(6).at },
      keyStore: 'memory',
      legacy: null,
      unproved: null,
      problems: [],
      problemCount: 0,
    });
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
    const verification = reopen().verifyHistory();
    expect(found(verification)).toEqual([{ kind: 'entry_changed', seq: 3, rowId: ids[1] }]);
    expect(verification.problems[0]?.reason).toMatch(/Audit entry 3 .* was changed after it was written/);
    expect(verification.verifiedUpTo).toEqual({ seq: 2, at: entry(2).at });
  });

  it('detects an edited detail, and the row it no longer describes', () => {
    tamper(`UPDATE audit_log SET detail_json = '{"to":"declined"}' WHERE seq = 2`);
    expect(found(reopen().verifyHistory())).toEqual([
      { kind: 'entry_changed', seq: 2, rowId: ids[0] },
      { kind: 'row_changed', seq: 2, rowId: ids[0] },
    ]);
  });

  it('detects a deleted entry in the middle, and the row it left behind', () => {
    tamper('DELETE FROM audit_log WHERE seq = 4');
    const verification = reopen().verifyHistory();
    expect(found(verification)).toEqual([
      { kind: 'entry_missing', seq: 4 },
      { kind: 'row_changed', seq: 3, rowId: ids[1] },
    ]);
    expect(verification.problems[0]?.reason).toMatch(/Audit entry 4 is missing/);
  });

  it('detects a deleted entry in the middle even when the rest is renumbered', () => {
    tamper('DELETE FROM audit_log WHERE seq = 4');
    tamper('UPDATE audit_log SET seq = seq - 1 WHERE seq > 4');
    tamper('UPDATE audit_head SET seq = seq - 1');
    expect(found(reopen().verifyHistory())).toEqual(
      expect.arrayContaining([
        { kind: 'entry_unlinked', seq: 4, rowId: ids[2] },
        { kind: 'entry_changed', seq: 4, rowId: ids[2] },
        { kind: 'entry_changed', seq: 5, rowId: ids[2] },
        { kind: 'row_changed', seq: 3, rowId: ids[1] },
      ]),
    );
  });

  it('detects the deletion of the head row itself', () => {
    tamper('DELETE FROM audit_head');
    expect(found(reopen().verifyHistory())).toEqual([{ kind: 'head_mismatch', seq: 6 }]);
  });

  it('detects an entry appended outside Paydesk, hashed with Paydesk’s own unkeyed rule', () => {
    const last = entry(6);
    const forged = { ...last, seq: 7, operator: 'mallory', prev_hash: last.hash };
    const hash = sha256Hex(forged.prev_hash + contentText(forged));
    tamper(
      `INSERT INTO audit_log (seq, at, operator, event, outcome, resource, row_id, detail_json, prev_hash, hash)
       VALUES (7, ?, 'mallory', ?, ?, ?, ?, ?, ?, ?)`,
      forged.at,
      forged.event,
      forged.outcome,
      forged.resource,
      ids[2]!,
      forged.detail_json,
      forged.prev_hash,
      hash,
    );
    tamper('UPDATE audit_head SET seq = 7, hash = ?', hash);
    expect(found(reopen().verifyHistory())).toEqual([{ kind: 'entry_changed', seq: 7, rowId: ids[2] }]);
  });

  it('detects a history row edited outside Paydesk', () => {
    tamper("UPDATE history_rows SET amount = '0.01', amount_minor = 1 WHERE id = ?", ids[1]!);
    const verification = reopen().verifyHistory();
    expect(found(verification)).toEqual([{ kind: 'row_changed', seq: 4, rowId: ids[1] }]);
    expect(verification.problems[0]?.reason).toMatch(/edited outside Paydesk/);
  });

  it('detects an edit of amount_minor alone, which the list does not show but the daily totals sum', () => {
    tamper('UPDATE history_rows SET amount_minor = 1 WHERE id = ?', ids[0]!);
    expect(found(reopen().verifyHistory())).toEqual([{ kind: 'row_changed', seq: 2, rowId: ids[0] }]);
  });

  it('detects a history row deleted outside Paydesk', () => {
    tamper('DELETE FROM history_rows WHERE id = ?', ids[2]!);
    expect(found(reopen().verifyHistory())).toEqual([{ kind: 'row_deleted', seq: 5, rowId: ids[2] }]);
  });

  it('detects a history row inserted outside Paydesk', () => {
    tamper(
      `INSERT INTO history_rows (kind, status, created_at, updated_at, profile, operator, merchant_trade_no,
         amount, amount_minor, currency, request_json)
       VALUES ('payin', 'approved', 1, 1, 'sandbox', 'mallory', 'FAKE', '1.00', 100, 'EUR', '{}')`,
    );
    const verification = reopen().verifyHistory();
    expect(found(verification)).toEqual([{ kind: 'row_added', seq: undefined, rowId: ids[2]! + 1 }]);
    expect(verification.problems[0]?.reason).toMatch(/no audit entry/);
  });

  it('lists every row that fails, not the first', () => {
    tamper("UPDATE history_rows SET amount = '1.00', amount_minor = 100 WHERE id = ?", ids[0]!);
    tamper("UPDATE history_rows SET status = 'declined' WHERE id = ?", ids[2]!);
    tamper("UPDATE audit_log SET operator = 'mallory' WHERE seq = 3");
    const verification = reopen().verifyHistory();
    expect(found(verification)).toEqual([
      { kind: 'entry_changed', seq: 3, rowId: ids[1] },
      { kind: 'row_changed', seq: 2, rowId: ids[0] },
      { kind: 'row_changed', seq: 6, rowId: ids[2] },
    ]);
    expect(verification.problemCount).toBe(3);
    expect(verification.ok).toBe(false);
  });
});

describe('the key: recomputing the chain with Paydesk’s own functions no longer verifies', () => {
  it('an edited amount, re-recorded and re-chained by the unkeyed rule, is found by every check', () => {
    tamper("UPDATE history_rows SET amount = '999.00', amount_minor = 99900 WHERE id = ?", ids[1]!);
    const seq = rerecordRow(ids[1]!);
    rehashChainFrom(seq);
    const store = reopen();
    // At start: the anchor held entry 6 with another hash, and entry 4 onwards do not carry the key's HMAC.
    const startup = store.auditStatus().verification;
    expect(startup.ok).toBe(false);
    expect(found(startup)).toEqual(
      expect.arrayContaining([
        { kind: 'entry_changed', seq: 4, rowId: ids[1] },
        { kind: 'rolled_back', seq: 7, rowId: undefined },
      ]),
    );
    expect(found(store.verifyHistory())).toEqual([
      { kind: 'entry_changed', seq: 4, rowId: ids[1] },
      { kind: 'entry_changed', seq: 5, rowId: ids[2] },
      { kind: 'entry_changed', seq: 6, rowId: ids[2] },
      { kind: 'rolled_back', seq: 7, rowId: undefined },
    ]);
    // Reading the row flags it: the list and the drawer say so.
    const page = store.query({ text: 'AUD-1' });
    expect(page.rows.map((row) => row.id)).toEqual([ids[1]]);
    expect(page.flagged).toMatchObject([
      { rowId: ids[1], reasons: expect.arrayContaining([expect.stringMatching(/Audit entry 4/)]) },
    ]);
    expect(store.rowAudit(ids[1]!)).toMatchObject({ state: 'failed' });
  });
});

describe('the anchor outside the file', () => {
  /** Removes entries from `fromSeq` on and moves the head back, so the chain is consistent in itself. */
  function truncateFrom(fromSeq: number): void {
    tamper('DELETE FROM audit_log WHERE seq >= ?', fromSeq);
    const last = entry(fromSeq - 1);
    tamper('UPDATE audit_head SET seq = ?, hash = ?', last.seq, last.hash);
  }

  it('catches the newest entries truncated, with the row put back as they described it', () => {
    truncateFrom(6);
    // Row 3 back to what entry 5 recorded (pending, no orderId): without the anchor, nothing is wrong.
    const db = new DatabaseSync(h.filePath);
    db.prepare(
      "UPDATE history_rows SET status = 'pending', order_id = NULL, updated_at = created_at WHERE id = ?",
    ).run(ids[2]!);
    db.close();
    const store = reopen();
    const startup = store.auditStatus().verification;
    expect(found(startup)).toEqual([{ kind: 'rolled_back', seq: 6, rowId: undefined }]);
    expect(startup.problems[0]?.reason).toMatch(/ended at entry 5, but Paydesk had written up to entry 6/);
    expect(found(store.verifyHistory())).toEqual([{ kind: 'rolled_back', seq: 6, rowId: undefined }]);
  });

  it('catches a deleted WAL: the entries it held are gone', () => {
    const store = reopen();
    h.clock.advance(1000);
    store.updatePayIn(ids[0]!, { remark: 'in the WAL only' });
    store.recordEvent({
      operator: 'alice',
      event: 'lock.locked',
      outcome: 'success',
      resource: 'operator-lock',
    });
    // The main file as it is while those commits sit in the WAL (nothing has checkpointed them yet).
    const mainFileOnly = `${h.filePath}.main-only`;
    copyFileSync(h.filePath, mainFileOnly);
    expect(existsSync(`${h.filePath}-wal`)).toBe(true);
    store.close();
    copyFileSync(mainFileOnly, h.filePath);
    rmSync(mainFileOnly);
    const reopened = reopen();
    expect(reopened.getById(ids[0]!)).toMatchObject({ remark: null });
    expect(found(reopened.auditStatus().verification)).toEqual([
      { kind: 'rolled_back', seq: 7, rowId: undefined },
    ]);
    expect(reopened.auditStatus().verification.problems[0]?.reason).toMatch(/up to entry 8/);
  });

  /** The file copied now, `change` written through a reopened store, then the copy put back: a rollback. */
  function rolledBackAfter(change: (store: HistoryStore) => void): void {
    const older = `${h.filePath}.older`;
    copyFileSync(h.filePath, older);
    const store = reopen();
    change(store);
    store.close();
    copyFileSync(older, h.filePath);
  }

  it('catches an older copy of the file restored', () => {
    rolledBackAfter((store) => store.updatePayIn(ids[1]!, { remark: 'after the copy' }));
    expect(found(reopen().auditStatus().verification)).toEqual([
      { kind: 'rolled_back', seq: 7, rowId: undefined },
    ]);
  });

  it('keeps reporting a rollback after Paydesk writes on, and leaves the gap in the chain', () => {
    rolledBackAfter((store) => store.updatePayIn(ids[1]!, { remark: 'lost with the rollback' }));
    let store = reopen();
    store.recordEvent({
      operator: 'alice',
      event: 'lock.locked',
      outcome: 'success',
      resource: 'operator-lock',
    });
    store = reopen();
    const verification = store.verifyHistory();
    expect(found(verification)).toEqual(
      expect.arrayContaining([{ kind: 'rolled_back', seq: 7, rowId: undefined }]),
    );
    expect(reopen().auditStatus().verification.ok).toBe(false);
  });

  it('a lagging anchor (the app stopped between a commit and the anchor write) is no alarm', () => {
    const anchor = h.trust.anchor!;
    const behind = entry(4);
    // As if the writes for entries 5 and 6 never reached the keychain.
    h.trust.setAnchor({ ...anchor, seq: 4, hash: behind.hash });
    const store = reopen();
    expect(store.auditStatus().verification).toMatchObject({ ok: true, problems: [] });
    expect(h.trust.anchor).toMatchObject({ seq: 6, hash: entry(6).hash });
  });
});

describe('the check at start is incremental', () => {
  it('walks only what was written since the last verified entry, which is kept outside the file', () => {
    expect(reopen().auditStatus().verification).toMatchObject({
      ok: true,
      scope: 'startup',
      rowsChecked: 3,
      entries: 6,
    });
    expect(h.trust.anchor).toMatchObject({ verifiedSeq: 6, verifiedHash: entry(6).hash });
    const again = reopen().auditStatus().verification;
    expect(again).toMatchObject({ ok: true, rowsChecked: 0, verifiedUpTo: { seq: 6 } });
    h.store.updatePayIn(ids[0]!, { remark: 'noted' });
    expect(reopen().auditStatus().verification).toMatchObject({ ok: true, rowsChecked: 1, entries: 7 });
  });

  it('finds an entry changed since it was last verified by the full check and by reading its row', () => {
    reopen();
    tamper("UPDATE audit_log SET operator = 'mallory' WHERE seq = 2");
    const store = reopen();
    // Entry 2 was verified at the previous start, and the walk at start begins after entry 6.
    expect(store.auditStatus().verification.ok).toBe(true);
    expect(store.rowAudit(ids[0]!)).toMatchObject({ state: 'failed' });
    expect(found(store.verifyHistory())).toEqual([{ kind: 'entry_changed', seq: 2, rowId: ids[0] }]);
  });

  it('leaves a long backlog to the full check, so that start stays fast', async () => {
    tamper("UPDATE history_rows SET remark = 'edited' WHERE id = ?", ids[2]!);
    // Six entries were never verified; this start walks at most two.
    const store = openHistoryStore(h.filePath, { now: h.clock.now, trust: h.trust, startupWalkLimit: 2 });
    try {
      expect(store.auditStatus().verification).toMatchObject({
        ok: true,
        verifiedUpTo: null,
        rowsChecked: 0,
      });
      expect(found(await store.verifyAll())).toEqual([{ kind: 'row_changed', seq: 6, rowId: ids[2] }]);
      expect(h.trust.anchor?.verifiedSeq).toBe(0);
    } finally {
      store.close();
    }
    tamper('UPDATE history_rows SET remark = NULL WHERE id = ?', ids[2]!);
    const again = openHistoryStore(h.filePath, { now: h.clock.now, trust: h.trust, startupWalkLimit: 2 });
    try {
      expect((await again.verifyAll()).ok).toBe(true);
      // The full check moved the verified point: the next start has nothing left to walk.
      expect(h.trust.anchor).toMatchObject({ verifiedSeq: 6, verifiedHash: entry(6).hash });
    } finally {
      again.close();
    }
  });

  it('keeps "verified up to" current: what was written since is read back when History asks', () => {
    const store = reopen();
    h.clock.advance(60_000);
    const id = store.insertPayIn(payIn({ request: { merchantTradeNo: 'AUD-NEW' } }));
    expect(store.auditStatus().verification).toMatchObject({
      ok: true,
      entries: 7,
      verifiedUpTo: { seq: 7, at: h.clock.now() },
    });
    expect(h.trust.anchor?.verifiedSeq).toBe(7);
    // Written by this session, then edited in the file while Paydesk runs.
    store.updatePayIn(id, { status: 'approved' });
    tamper("UPDATE audit_log SET operator = 'mallory' WHERE seq = 8");
    expect(found(store.auditStatus().verification)).toEqual([{ kind: 'entry_changed', seq: 8, rowId: id }]);
    expect(store.auditStatus().verification.verifiedUpTo?.seq).toBe(7);
  });

  it('finds a problem again at every start: the verified point does not move past it', () => {
    tamper("UPDATE audit_log SET operator = 'mallory' WHERE seq = 5");
    expect(found(reopen().auditStatus().verification)).toEqual([
      { kind: 'entry_changed', seq: 5, rowId: ids[2] },
    ]);
    expect(found(reopen().auditStatus().verification)).toEqual([
      { kind: 'entry_changed', seq: 5, rowId: ids[2] },
    ]);
  });
});

describe('a change on top of a row that fails verification is refused (no laundering)', () => {
  beforeEach(() => {
    tamper(
      "UPDATE history_rows SET amount = '0.01', amount_minor = 1, status = 'outcome_unknown' WHERE id = ?",
      ids[1]!,
    );
  });

  it('refuses an update, writes nothing, and the row stays reported', () => {
    const store = reopen();
    expect(() => store.updatePayIn(ids[1]!, { status: 'approved' })).toThrow(RowFailsVerificationError);
    expect(() => store.updatePayIn(ids[1]!, { status: 'approved' })).toThrow(/fails verification/);
    expect(() => store.recordPayInEvent(ids[1]!, 'payin.callback', 'gateway', {})).toThrow(
      RowFailsVerificationError,
    );
    expect(store.auditTrail(ids[1]!)).toHaveLength(2);
    expect(store.getById(ids[1]!)).toMatchObject({ amount: '0.01', status: 'outcome_unknown' });
    expect(found(store.verifyHistory())).toEqual([{ kind: 'row_changed', seq: 4, rowId: ids[1] }]);
  });

  it('leaves a tampered pending row out of the recovery at start', () => {
    tamper("UPDATE history_rows SET status = 'pending' WHERE id = ?", ids[1]!);
    const store = reopen();
    expect(store.markPendingAsOutcomeUnknown()).toEqual([]);
    expect(store.getById(ids[1]!)).toMatchObject({ status: 'pending' });
  });

  it('refuses to ask the gateway again about it', async () => {
    const verdict = await reopen().verifyRow(ids[1]!);
    expect(verdict).toMatchObject({ ok: false, state: 'failed' });
    if (!verdict.ok) expect(verdict.message).toMatch(/will not ask the gateway again .* Row \d+ differs/);
    expect(await h.store.verifyRow(ids[0]!)).toEqual({ ok: true });
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
    expect(store.verifyHistory()).toMatchObject({ ok: true, entries: 6 });
  });

  it('chains events not tied to a row with the rest, and the anchor follows each commit', () => {
    const store = reopen();
    const recorded = store.recordEvent({
      operator: 'alice',
      event: 'secret.changed',
      outcome: 'success',
      resource: 'profile:sandbox',
    });
    expect(recorded.seq).toBe(7);
    expect(recorded.prevHash).toBe(entry(6).hash);
    expect(h.trust.anchor).toMatchObject({ seq: 7, hash: recorded.hash });
    expect(store.verifyHistory()).toMatchObject({ ok: true, entries: 7 });
  });
});

describe('the full check in slices', () => {
  it('gives what the check at once gives, and writes meanwhile neither block nor confuse it', async () => {
    tamper("UPDATE history_rows SET amount = '2.00', amount_minor = 200 WHERE id = ?", ids[0]!);
    const store = reopen();
    const running = store.verifyAll();
    expect(store.auditStatus().checking).toBe(true);
    store.recordEvent({
      operator: 'alice',
      event: 'lock.locked',
      outcome: 'success',
      resource: 'operator-lock',
    });
    const sliced = await running;
    expect(store.auditStatus().checking).toBe(false);
    expect(found(sliced)).toEqual([{ kind: 'row_changed', seq: 2, rowId: ids[0] }]);
    expect(found(store.verifyHistory())).toEqual(found(sliced));
  });
});
