// The audit key and anchor as the app keeps them: in the vault, one pair per history file, loaded before
// the file is opened. What a restart on the same keychain proves, what a restart without it cannot, what
// is never overwritten, and how a history written by the previous version is adopted.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { HistoryVerification } from '@shared/history';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import { auditAccount, type CredentialVault } from '../../src/main/credentials/vault';
import { contentText, sha256Hex, toRawEntry } from '../../src/main/history/audit/audit-chain';
import {
  type AuditTrust,
  type AuditTrustStore,
  deskIdOf,
  keyRecordSchema,
  loadAuditTrust,
  memoryTrustStore,
  peekHistory,
  vaultTrustStore,
} from '../../src/main/history/audit/audit-trust';
import { digestInputSql, rowDigest } from '../../src/main/history/audit/row-digest';
import { type HistoryStore, openHistoryStore } from '../../src/main/history/store/history-store';
import { KEYED_AUDIT_SCHEMA_VERSION, LATEST_SCHEMA_VERSION } from '../../src/main/history/store/migrations';
import { payIn } from '../support/history/history-fixtures';

const LEGACY_FIXTURE = join(import.meta.dirname, '../fixtures/history/paydesk-0.1-history.sqlite');

let dir: string;
let filePath: string;
let open: HistoryStore[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-audit-key-'));
  filePath = join(dir, 'history.sqlite');
  open = [];
});
afterEach(() => {
  for (const store of open) store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the app does at start: the trust from the vault first, then the file. */
async function start(store: AuditTrustStore): Promise<{ history: HistoryStore; trust: AuditTrust }> {
  const trust = await loadAuditTrust(store, { filePath });
  const history = openHistoryStore(filePath, { trust });
  open.push(history);
  return { history, trust };
}

async function stop(running: { history: HistoryStore; trust: AuditTrust }): Promise<void> {
  await running.trust.flush();
  running.history.close();
}

function found(verification: HistoryVerification) {
  return verification.problems.map(({ kind, seq, rowId }) => ({ kind, seq, rowId }));
}

function tamper(sql: string, ...params: (string | number)[]): void {
  const db = new DatabaseSync(filePath);
  db.exec('DROP TRIGGER IF EXISTS audit_log_no_update; DROP TRIGGER IF EXISTS audit_log_no_delete;');
  db.prepare(sql).run(...params);
  db.close();
}

describe('the key lives in the vault', () => {
  it('is made on first use and kept in the vault, never in the history file or beside it', async () => {
    const vault = createMemoryVault();
    const running = await start(vaultTrustStore(vault, filePath));
    const id = running.history.insertPayIn(payIn());
    running.history.updatePayIn(id, { status: 'approved' });
    await stop(running);
    const desk = deskIdOf(filePath);
    const record = keyRecordSchema.parse(JSON.parse((await vault.getAuditItem(auditAccount('key', desk)))!));
    expect(record).toMatchObject({ sealedFrom: 1, legacyUpTo: 0 });
    const key = Buffer.from(record.key, 'base64');
    for (const name of readdirSync(dir)) {
      const bytes = readFileSync(join(dir, name));
      for (const form of [key, Buffer.from(record.key), Buffer.from(key.toString('hex'))]) {
        expect(bytes.includes(form), `${name} holds the audit key`).toBe(false);
      }
    }
    // The anchor followed the last commit.
    const anchor = JSON.parse((await vault.getAuditItem(auditAccount('anchor', desk)))!);
    expect(anchor).toMatchObject({ seq: 2 });
  });

  it('one desk per history file: another file gets its own key', async () => {
    const vault = createMemoryVault();
    await stop(await start(vaultTrustStore(vault, filePath)));
    const other = join(dir, 'other.sqlite');
    const trust = await loadAuditTrust(vaultTrustStore(vault, other), { filePath: other });
    const first = await vault.getAuditItem(auditAccount('key', deskIdOf(filePath)));
    const second = await vault.getAuditItem(auditAccount('key', deskIdOf(other)));
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(trust.record.sealedFrom).toBe(1);
  });

  it('refuses accounts that are not audit items', async () => {
    const vault: CredentialVault = createMemoryVault();
    await expect(vault.setAuditItem('merchant-secret:sandbox', 'x')).rejects.toThrow(/Not an audit account/);
    await expect(vault.getAuditItem('audit-key:../../x')).rejects.toThrow(/Not an audit account/);
  });
});

describe('a restart', () => {
  async function firstSession(vault: CredentialVault): Promise<number> {
    const running = await start(vaultTrustStore(vault, filePath));
    const id = running.history.insertPayIn(payIn());
    running.history.updatePayIn(id, { status: 'outcome_unknown' });
    await stop(running);
    return id;
  }

  it('on the same keychain proves everything written before', async () => {
    const vault = createMemoryVault();
    const id = await firstSession(vault);
    const { history } = await start(vaultTrustStore(vault, filePath));
    expect(history.auditStatus().verification).toMatchObject({
      ok: true,
      unproved: null,
      keyStore: 'memory',
    });
    expect(history.verifyHistory()).toMatchObject({ ok: true, unproved: null });
    expect(await history.verifyRow(id)).toEqual({ ok: true });
  });

  it('without the key (another keychain, or none) never blesses what is there: it cannot be proved', async () => {
    const id = await firstSession(createMemoryVault());
    const { history, trust } = await start(vaultTrustStore(createMemoryVault(), filePath));
    // A new key, from the next entry on; the two entries before stay unproved for good.
    expect(trust.record).toMatchObject({ sealedFrom: 3, legacyUpTo: 0 });
    expect(history.auditStatus().verification).toMatchObject({
      ok: true,
      unproved: { fromSeq: 1, toSeq: 2 },
    });
    expect(history.rowAudit(id)).toMatchObject({ state: 'unproved' });
    const verdict = await history.verifyRow(id);
    expect(verdict).toMatchObject({ ok: false, state: 'unproved' });
    if (!verdict.ok) expect(verdict.message).toMatch(/cannot be proved/);
    // What is written now is sealed under the new key and proved.
    const fresh = history.insertPayIn(payIn());
    expect(history.rowAudit(fresh)).toEqual({ state: 'verified', reasons: [] });
    expect(history.verifyHistory()).toMatchObject({
      ok: true,
      entries: 3,
      unproved: { fromSeq: 1, toSeq: 2 },
    });
  });

  it('without the key, a row edited with Paydesk’s own row digest is still not proved, and one edited without it fails', async () => {
    const vault = createMemoryVault();
    const id = await firstSession(vault);
    const second = await start(vaultTrustStore(vault, filePath));
    const other = second.history.insertPayIn(payIn());
    await stop(second);
    // Someone edits both rows; for the first they also rewrite the digest its newest entry recorded.
    tamper("UPDATE history_rows SET amount = '1.00', amount_minor = 100 WHERE id IN (?, ?)", id, other);
    const db = new DatabaseSync(filePath);
    db.exec('DROP TRIGGER IF EXISTS audit_log_no_update');
    const input = String(
      db.prepare(`SELECT ${digestInputSql()} AS d FROM history_rows WHERE id = ?`).get(id)?.d,
    );
    const detail = JSON.parse(
      String(db.prepare('SELECT detail_json FROM audit_log WHERE seq = 2').get()?.detail_json),
    );
    detail.rowHash = rowDigest(input);
    const sorted = Object.fromEntries(Object.entries(detail).sort(([a], [b]) => (a < b ? -1 : 1)));
    db.prepare('UPDATE audit_log SET detail_json = ? WHERE seq = 2').run(JSON.stringify(sorted));
    db.close();
    // The keychain is reset: the key that sealed entries 1-3 is gone.
    const { history } = await start(vaultTrustStore(createMemoryVault(), filePath));
    expect(history.rowAudit(id)).toMatchObject({ state: 'unproved' });
    expect(history.rowAudit(other)).toMatchObject({ state: 'failed' });
    expect(found(history.verifyHistory())).toEqual([{ kind: 'row_changed', seq: 3, rowId: other }]);
    expect(await history.verifyRow(id)).toMatchObject({ ok: false });
  });
});

describe('a key or anchor that cannot be used', () => {
  it('an unreadable key is left as it is: the session seals in memory, and says so', async () => {
    const vault = createMemoryVault();
    const account = auditAccount('key', deskIdOf(filePath));
    await vault.setAuditItem(account, 'not a key record');
    const { history, trust } = await start(vaultTrustStore(vault, filePath));
    expect(trust.kind).toBe('memory');
    expect(history.auditStatus().verification.notices).toEqual([expect.stringMatching(/unreadable/)]);
    // Its words go with it, in step, for the reviewer's language (issue 33).
    expect(history.auditStatus().verification.noticeWords).toEqual([{ key: 'audit.trust.keyUnreadable' }]);
    history.insertPayIn(payIn());
    await trust.flush();
    expect(await vault.getAuditItem(account)).toBe('not a key record');
  });

  it('a keychain that cannot be read: a session key in memory, nothing overwritten, a notice', async () => {
    const writes: string[] = [];
    const broken: AuditTrustStore = {
      kind: 'keychain',
      read: async () => {
        throw new Error('the keyring is locked');
      },
      write: async (item) => void writes.push(item),
    };
    const { history, trust } = await start(broken);
    expect(trust.kind).toBe('memory');
    expect(history.auditStatus().verification.notices).toEqual([
      expect.stringMatching(/could not be read \(the keyring is locked\)/),
    ]);
    history.insertPayIn(payIn());
    await trust.flush();
    expect(writes).toEqual([]);
  });

  it('an anchor gone while its key is there is an incident, reported from then on', async () => {
    const store = memoryTrustStore();
    const first = await start(store);
    first.history.insertPayIn(payIn());
    await stop(first);
    store.items.delete('anchor');
    const second = await start(store);
    expect(found(second.history.auditStatus().verification)).toEqual([{ kind: 'anchor_missing', seq: 2 }]);
    await stop(second);
    const third = await start(store);
    expect(found(third.history.auditStatus().verification)).toEqual([{ kind: 'anchor_missing', seq: 2 }]);
    expect(third.history.verifyHistory().ok).toBe(false);
  });

  it('a crash between saving the first anchor and the first key is no alarm at the next start', async () => {
    const store = memoryTrustStore();
    // The process dies after the anchor is written and before the key is: the key never arrives.
    const dying: AuditTrustStore = {
      kind: 'keychain',
      read: store.read,
      write: async (item, value) => {
        if (item === 'key') throw new Error('killed');
        await store.write(item, value);
      },
    };
    await loadAuditTrust(dying, { filePath });
    expect([...store.items.keys()]).toEqual(['anchor']);
    const { history } = await start(store);
    expect(history.auditStatus().verification).toMatchObject({ ok: true, problems: [], unproved: null });
  });

  it('reads a file left with its WAL by a crash before opening it', async () => {
    const store = memoryTrustStore();
    const running = await start(store);
    running.history.insertPayIn(payIn());
    running.history.insertPayIn(payIn());
    // Still open: both entries are in the WAL only.
    expect(peekHistory(filePath)).toMatchObject({ userVersion: LATEST_SCHEMA_VERSION, seq: 2 });
  });
});

describe('a history written by the previous version (plain SHA-256 entries)', () => {
  beforeEach(() => copyFileSync(LEGACY_FIXTURE, filePath));

  it('is adopted: checked once with its own rule at upgrade, then sealed under the key from the next entry', async () => {
    expect(peekHistory(filePath)).toMatchObject({ userVersion: KEYED_AUDIT_SCHEMA_VERSION - 1, seq: 10 });
    const store = memoryTrustStore();
    const first = await start(store);
    expect(first.trust.record).toMatchObject({ legacyUpTo: 10, sealedFrom: 11 });
    expect(first.history.auditStatus().verification).toMatchObject({
      ok: true,
      scope: 'startup',
      entries: 10,
      rowsChecked: 4,
      legacy: { toSeq: 10 },
      unproved: null,
    });
    expect(first.history.verifyHistory()).toMatchObject({ ok: true, legacy: { toSeq: 10 }, rowsChecked: 4 });
    // The outcome-unknown pay-in of the old version can be asked about again, and settled.
    expect(await first.history.verifyRow(3)).toEqual({ ok: true });
    first.history.updatePayIn(3, { status: 'approved', orderId: 'ORD-L3' });
    expect(first.trust.ruleFor(11)).toBe('keyed');
    await stop(first);

    const second = await start(store);
    expect(second.history.auditStatus().verification).toMatchObject({ ok: true, entries: 11 });
    expect(second.history.verifyHistory()).toMatchObject({ ok: true, entries: 11, problemCount: 0 });
  });

  it('an adopted entry re-chained with the old rule afterwards breaks the link the key sealed', async () => {
    const store = memoryTrustStore();
    const first = await start(store);
    first.history.updatePayIn(3, { status: 'approved' });
    await stop(first);
    // Entries 1-10 are plain SHA-256: anyone can edit one and recompute them all. Entry 11 is keyed.
    tamper("UPDATE audit_log SET operator = 'mallory' WHERE seq = 4");
    const db = new DatabaseSync(filePath);
    let prev = String(db.prepare('SELECT hash FROM audit_log WHERE seq = 3').get()?.hash);
    for (const row of db.prepare('SELECT * FROM audit_log WHERE seq BETWEEN 4 AND 10 ORDER BY seq').all()) {
      const raw = toRawEntry(row);
      const hash = sha256Hex(prev + contentText({ ...raw }));
      db.prepare('UPDATE audit_log SET prev_hash = ?, hash = ? WHERE seq = ?').run(prev, hash, raw.seq);
      prev = hash;
    }
    db.close();
    const { history } = await start(store);
    expect(found(history.verifyHistory())).toEqual([{ kind: 'entry_unlinked', seq: 11, rowId: 3 }]);
    // The row of the re-chained entries is refused asking again (its entries precede the broken link).
    const verdict = await history.verifyRow(2);
    expect(verdict).toMatchObject({ ok: false, state: 'failed' });
  });

  it('a legacy file tampered before the upgrade is reported at adoption, not blessed, and at every start', async () => {
    tamper("UPDATE history_rows SET amount = '0.50', amount_minor = 50 WHERE id = 2");
    const store = memoryTrustStore();
    const first = await start(store);
    expect(found(first.history.auditStatus().verification)).toEqual([
      { kind: 'row_changed', seq: 4, rowId: 2 },
    ]);
    await stop(first);
    const second = await start(store);
    expect(found(second.history.auditStatus().verification)).toEqual([
      { kind: 'row_changed', seq: 4, rowId: 2 },
    ]);
    expect(() => second.history.updatePayIn(2, { remark: 'on top' })).toThrow(/fails verification/);
  });

  it('the upgrade takes the file to the latest schema', async () => {
    await start(memoryTrustStore());
    const db = new DatabaseSync(filePath, { readOnly: true });
    expect(Number(db.prepare('PRAGMA user_version').get()?.user_version)).toBe(LATEST_SCHEMA_VERSION);
    db.close();
  });
});
