// The operator lock: the passphrase's hash in the vault, the idle clock, the gate in front of every
// channel, the audit trail of sign-ins — through the real app and the real scrypt hash — and how it fails
// closed: a keychain it cannot read, a lock record deleted or edited, a lockout that outlives a restart.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CHANNELS_OPEN_WHILE_LOCKED, IPC_CHANNEL_NAMES, type LockState } from '@shared/ipc';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import { type CredentialVault, VaultError } from '../../src/main/credentials/vault';
import { LOCK_RECORD_FILE, lockRecordIn } from '../../src/main/lock/lock-record';
import {
  createLockService,
  IDLE_CHECK_INTERVAL_MS,
  LOCKOUT_MS,
  type LockAuditEvent,
  type LockClock,
  MAX_WRONG_PASSPHRASES,
} from '../../src/main/lock/lock-service';
import { type Fixture, startFixture, v2Fields } from '../support/app/paydesk-fixture';

const PASSPHRASE = 'correct horse battery';

describe('operator lock through the app', () => {
  let fixture: Fixture;
  beforeEach(async () => {
    fixture = await startFixture();
  });
  afterEach(async () => {
    await fixture.close();
  });

  it('starts unlocked without a passphrase, and refuses to lock when none is set', async () => {
    const state = await fixture.data('lock.status');
    expect(state).toEqual({ passphraseSet: false, locked: false, idleLockMinutes: 15 });
    const refused = await fixture.call('lock.lockNow');
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid' } });
  });

  it('refuses a passphrase shorter than the minimum and changes nothing', async () => {
    const refused = await fixture.call('lock.setPassphrase', { passphrase: 'short' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid', field: 'passphrase' } });
    expect((await fixture.data('lock.status')).passphraseSet).toBe(false);
  });

  it('while locked, answers only the open channels and writes nothing', async () => {
    await fixture.data('lock.setPassphrase', { passphrase: PASSPHRASE });
    await fixture.data('lock.lockNow');
    const rowsBefore = fixture.paydesk.history.count();

    const submit = await fixture.call('payin.submit', { version: 'v2', fields: v2Fields() });
    expect(submit).toMatchObject({ ok: false, error: { kind: 'locked' } });
    expect(fixture.paydesk.history.count()).toBe(rowsBefore);
    for (const channel of IPC_CHANNEL_NAMES) {
      if ((CHANNELS_OPEN_WHILE_LOCKED as readonly string[]).includes(channel)) continue;
      const answer = await fixture.call(channel, {});
      expect(answer, channel).toMatchObject({ ok: false, error: { kind: 'locked' } });
    }
    expect(await fixture.call('app.info')).toMatchObject({ ok: true });
    expect(fixture.events.filter((entry) => entry.event === 'lock.changed').at(-1)?.payload).toMatchObject({
      locked: true,
    });

    const wrong = await fixture.call('lock.unlock', { passphrase: 'not the passphrase' });
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'invalid', field: 'passphrase' } });
    const unlocked = await fixture.data('lock.unlock', { passphrase: PASSPHRASE });
    expect(unlocked.locked).toBe(false);
    expect(await fixture.call('payin.submit', { version: 'v2', fields: v2Fields() })).toMatchObject({
      ok: true,
    });
  });

  it('replacing or removing the passphrase needs the current one', async () => {
    await fixture.data('lock.setPassphrase', { passphrase: PASSPHRASE });
    expect(await fixture.call('lock.setPassphrase', { passphrase: 'another passphrase' })).toMatchObject({
      ok: false,
      error: { field: 'current' },
    });
    expect(await fixture.call('lock.removePassphrase', { current: 'wrong passphrase' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid', field: 'current' },
    });
    await fixture.data('lock.setPassphrase', { current: PASSPHRASE, passphrase: 'another passphrase' });
    const removed = await fixture.data('lock.removePassphrase', { current: 'another passphrase' });
    expect(removed).toMatchObject({ passphraseSet: false, locked: false });
  });

  it('records sign-ins, sign-outs and wrong passphrases in the hash-chained audit trail', async () => {
    await fixture.data('lock.setPassphrase', { passphrase: PASSPHRASE });
    await fixture.data('lock.lockNow');
    await fixture.call('lock.unlock', { passphrase: 'not the passphrase' });
    await fixture.data('lock.unlock', { passphrase: PASSPHRASE });
    expect(lockEvents(fixture)).toEqual([
      ['lock.passphrase_set', 'success'],
      ['lock.locked', 'success'],
      ['lock.wrong_passphrase', 'failure'],
      ['lock.unlocked', 'success'],
    ]);
    expect(fixture.paydesk.history.verifyHistory()).toMatchObject({ ok: true });
  });
});

/** Read straight from the SQLite file, as an auditor would. */
function lockEvents(fixture: Fixture): [string, string][] {
  const db = new DatabaseSync(join(fixture.dataDir, 'history.sqlite'), { readOnly: true });
  try {
    return db
      .prepare("SELECT event, outcome FROM audit_log WHERE resource = 'operator-lock' ORDER BY seq")
      .all()
      .map((row) => [String(row.event), String(row.outcome)]);
  } finally {
    db.close();
  }
}

/** A keychain that can be made unreadable, as a locked or absent OS keychain is: every call throws. */
function keychainThatCanFail(inner: CredentialVault = createMemoryVault()) {
  let readable = true;
  const guarded =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (!readable) {
        throw new VaultError(
          'The system keychain could not read a secret: Platform secure storage failure: The name is not activatable',
        );
      }
      return call(...args);
    };
  const vault: CredentialVault = {
    kind: 'keychain',
    setSecret: guarded(inner.setSecret),
    getSecret: guarded(inner.getSecret),
    hasSecret: guarded(inner.hasSecret),
    deleteSecret: guarded(inner.deleteSecret),
    setOperatorPassphrase: guarded(inner.setOperatorPassphrase),
    hasOperatorPassphrase: guarded(inner.hasOperatorPassphrase),
    verifyOperatorPassphrase: guarded(inner.verifyOperatorPassphrase),
    deleteOperatorPassphrase: guarded(inner.deleteOperatorPassphrase),
    getAuditItem: guarded(inner.getAuditItem),
    setAuditItem: guarded(inner.setAuditItem),
    getTeamItem: guarded(inner.getTeamItem),
    setTeamItem: guarded(inner.setTeamItem),
    deleteTeamItem: guarded(inner.deleteTeamItem),
  };
  return {
    vault,
    inner,
    setReadable(value: boolean) {
      readable = value;
    },
  };
}

describe('the lock fails closed and remembers across restarts', () => {
  let dataDir: string;
  let fixture: Fixture | undefined;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'paydesk-lock-'));
  });
  afterEach(async () => {
    await fixture?.close();
    fixture = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Paydesk on the same data folder and keychain: a restart. */
  async function restart(keychain: ReturnType<typeof keychainThatCanFail>): Promise<Fixture> {
    await fixture?.close();
    fixture = await startFixture({ dataDir, vault: createMemoryVault(), keychainVault: keychain.vault });
    return fixture;
  }

  async function withPassphrase(keychain = keychainThatCanFail()) {
    const first = await restart(keychain);
    await first.data('lock.setPassphrase', { passphrase: PASSPHRASE });
    return keychain;
  }

  it('with the keychain unreadable at start, a passphrase set before keeps Paydesk locked and says what to do', async () => {
    const keychain = await withPassphrase();
    keychain.setReadable(false);
    const app = await restart(keychain);

    const state = await app.data('lock.status');
    expect(state).toMatchObject({ passphraseSet: true, locked: true });
    expect(state.keychainProblem).toMatch(/OS keychain that holds it cannot be read/);
    expect(state.keychainProblem).toMatch(/Unlock the OS keychain/);
    expect(state.keychainProblem).toMatch(/forgotten passphrase/);
    expect(await app.call('history.query', {})).toMatchObject({ ok: false, error: { kind: 'locked' } });
    expect(await app.call('settings.get')).toMatchObject({ ok: false, error: { kind: 'locked' } });

    // The right passphrase cannot be checked yet: it is refused without counting as a wrong one.
    expect(await app.call('lock.unlock', { passphrase: PASSPHRASE })).toMatchObject({
      ok: false,
      error: { kind: 'keychain_unavailable', message: expect.stringMatching(/Unlock the OS keychain/) },
    });
    expect(lockEvents(app)).toContainEqual(['lock.keychain_unreadable', 'failure']);

    // The operator unlocks the keychain and tries again.
    keychain.setReadable(true);
    expect(await app.call('lock.unlock', { passphrase: 'not the passphrase' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid' },
    });
    const unlocked = await app.data('lock.unlock', { passphrase: PASSPHRASE });
    expect(unlocked).toMatchObject({ passphraseSet: true, locked: false });
    expect(unlocked.keychainProblem).toBeUndefined();
  });

  it('deleting or editing the lock record does not unlock a desk whose keychain holds the hash', async () => {
    const keychain = await withPassphrase();
    const recordFile = join(dataDir, LOCK_RECORD_FILE);
    for (const tamper of [
      () => rmSync(recordFile),
      () => writeFileSync(recordFile, JSON.stringify({ passphraseSet: false, wrongInARow: 0 })),
      () => writeFileSync(recordFile, '{ garbled'),
    ]) {
      tamper();
      const app = await restart(keychain);
      expect(await app.data('lock.status')).toMatchObject({ passphraseSet: true, locked: true });
      expect(JSON.parse(readFileSync(recordFile, 'utf8'))).toMatchObject({ passphraseSet: true });
      expect(lockEvents(app).at(-1)).toEqual(['lock.record_restored', 'failure']);
    }
  });

  it('a record deleted while the keychain is unreadable is the one case it cannot see: no lock, and no passphrase can be set', async () => {
    const keychain = await withPassphrase();
    rmSync(join(dataDir, LOCK_RECORD_FILE));
    keychain.setReadable(false);
    const app = await restart(keychain);
    const state = await app.data('lock.status');
    expect(state).toMatchObject({ passphraseSet: false, locked: false });
    expect(state.keychainProblem).toMatch(
      /No operator passphrase can be set while the OS keychain cannot be read/,
    );
    expect(await app.call('lock.setPassphrase', { passphrase: 'another passphrase' })).toMatchObject({
      ok: false,
      error: { kind: 'keychain_unavailable', field: 'passphrase' },
    });
    expect(existsSync(join(dataDir, LOCK_RECORD_FILE))).toBe(false);
  });

  it('a fresh desk writes no record and audits nothing; a garbled record with no hash in the keychain is repaired', async () => {
    const app = await restart(keychainThatCanFail());
    expect(existsSync(join(dataDir, LOCK_RECORD_FILE))).toBe(false);
    expect(lockEvents(app)).toEqual([]);
    writeFileSync(join(dataDir, LOCK_RECORD_FILE), 'not json');
    const again = await restart(keychainThatCanFail());
    expect(await again.data('lock.status')).toMatchObject({ passphraseSet: false, locked: false });
    expect(auditRows(again)).toEqual([
      {
        event: 'lock.record_restored',
        outcome: 'failure',
        detail: { record: 'unreadable', passphraseSet: false },
      },
    ]);
  });

  it('a hash deleted from the keychain is the way out of a forgotten passphrase, in the audit trail', async () => {
    const keychain = await withPassphrase();
    await keychain.inner.deleteOperatorPassphrase();
    const app = await restart(keychain);
    expect(await app.data('lock.status')).toMatchObject({ passphraseSet: false, locked: false });
    const removed = auditRows(app).filter((row) => row.event === 'lock.passphrase_removed');
    expect(removed.map((row) => row.detail)).toEqual([{ outsidePaydesk: true }]);
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_RECORD_FILE), 'utf8'))).toMatchObject({
      passphraseSet: false,
    });
  });

  it(`${MAX_WRONG_PASSPHRASES} wrong passphrases lock unlocking out for 30 minutes, and a restart keeps the lockout`, async () => {
    const keychain = await withPassphrase();
    const app = fixture!;
    await app.data('lock.lockNow');
    for (let attempt = 1; attempt < MAX_WRONG_PASSPHRASES; attempt += 1) {
      expect(await app.call('lock.unlock', { passphrase: `wrong ${attempt}` })).toMatchObject({
        ok: false,
        error: { kind: 'invalid' },
      });
    }
    const before = Date.now();
    expect(await app.call('lock.unlock', { passphrase: 'wrong again' })).toMatchObject({
      ok: false,
      error: { kind: 'locked', message: expect.stringMatching(/no passphrase is checked for 30 minutes/) },
    });

    const restarted = await restart(keychain);
    const state = await restarted.data('lock.status');
    expect(state).toMatchObject({ passphraseSet: true, locked: true });
    const endsAt = Date.parse(state.lockedOutUntil ?? '');
    expect(endsAt).toBeGreaterThanOrEqual(before + LOCKOUT_MS);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + LOCKOUT_MS);
    expect(await restarted.call('lock.unlock', { passphrase: PASSPHRASE })).toMatchObject({
      ok: false,
      error: { kind: 'locked', message: expect.stringMatching(/Try again at .+ \(in 30 minutes\)/) },
    });
    const started = auditRows(restarted).filter((row) => row.event === 'lock.lockout_started');
    expect(started).toEqual([
      expect.objectContaining({
        outcome: 'failure',
        detail: { wrongPassphrases: MAX_WRONG_PASSPHRASES, endsAt: state.lockedOutUntil },
      }),
    ]);
  });
});

/** Read straight from the SQLite file, as an auditor would. */
function auditRows(fixture: Fixture): { event: string; outcome: string; detail: unknown }[] {
  const db = new DatabaseSync(join(fixture.dataDir, 'history.sqlite'), { readOnly: true });
  try {
    return db
      .prepare(
        "SELECT event, outcome, detail_json FROM audit_log WHERE resource = 'operator-lock' ORDER BY seq",
      )
      .all()
      .map((row) => ({
        event: String(row.event),
        outcome: String(row.outcome),
        detail: JSON.parse(String(row.detail_json)),
      }));
  } finally {
    db.close();
  }
}

describe('lock service clocks', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-lock-clock-'));
  });
  afterEach(() => {
    vi.useRealTimers();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A clock the test moves: the monotonic one and the system's apart, as when someone sets the time. */
  function testClock(): LockClock & { advance(ms: number): void; setWall(ms: number): void } {
    let monotonic = 1_000;
    let wall = Date.parse('2030-01-01T09:00:00Z');
    return {
      monotonicMs: () => monotonic,
      wallMs: () => wall,
      advance(ms) {
        monotonic += ms;
        wall += ms;
      },
      setWall(ms) {
        wall = ms;
      },
    };
  }

  async function service(options: { clock?: LockClock; vault?: CredentialVault } = {}) {
    const emitted: LockState[] = [];
    const audited: LockAuditEvent[] = [];
    const vault = options.vault ?? createMemoryVault();
    const lock = await createLockService({
      vault,
      record: lockRecordIn(dir),
      idleLockMinutes: () => 15,
      emit: (state) => void emitted.push(state),
      audit: (event) => void audited.push(event),
      ...(options.clock && { clock: options.clock }),
    });
    return { lock, vault, emitted, audited };
  }

  it('locks after the idle time without activity, and activity restarts the clock', async () => {
    const clock = testClock();
    const { lock, emitted } = await service({ clock });
    await lock.setPassphrase(undefined, PASSPHRASE);
    clock.advance(14 * 60_000);
    lock.activity();
    clock.advance(14 * 60_000);
    lock.checkIdle();
    expect(lock.isLocked()).toBe(false);
    clock.advance(60_000);
    lock.checkIdle();
    expect(lock.isLocked()).toBe(true);
    expect(emitted.at(-1)).toMatchObject({ locked: true });
  });

  it('times idleness on a monotonic clock: the system clock set back an hour does not put the lock off', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date', 'performance'] });
    const { lock } = await service();
    await lock.setPassphrase(undefined, PASSPHRASE);
    lock.startIdleClock();
    vi.setSystemTime(Date.now() - 60 * 60_000);
    vi.advanceTimersByTime(15 * 60_000 + IDLE_CHECK_INTERVAL_MS);
    expect(lock.isLocked()).toBe(true);
    lock.stopIdleClock();
  });

  it('never locks by idleness without a passphrase', async () => {
    const clock = testClock();
    const { lock } = await service({ clock });
    clock.advance(24 * 60 * 60_000);
    lock.checkIdle();
    expect(lock.isLocked()).toBe(false);
  });

  it('starts locked when a passphrase is already in the vault', async () => {
    const vault = createMemoryVault();
    await vault.setOperatorPassphrase(PASSPHRASE);
    const { lock } = await service({ vault });
    expect(lock.state()).toMatchObject({ passphraseSet: true, locked: true });
  });

  it(`after ${MAX_WRONG_PASSPHRASES} wrong passphrases, none is checked for 30 minutes — the right one neither — whatever the system clock says`, async () => {
    const clock = testClock();
    const { lock, audited } = await service({ clock });
    await lock.setPassphrase(undefined, PASSPHRASE);
    lock.lockNow();
    for (let attempt = 1; attempt < MAX_WRONG_PASSPHRASES; attempt += 1) {
      await expect(lock.unlock(`wrong ${attempt}`)).rejects.toMatchObject({ kind: 'invalid' });
    }
    await expect(lock.unlock('wrong again')).rejects.toMatchObject({ kind: 'locked' });
    expect(audited.filter((event) => event === 'lock.lockout_started')).toHaveLength(1);

    clock.advance(LOCKOUT_MS - 1_000);
    // Moving the system clock on does not shorten it within a run.
    clock.setWall(clock.wallMs() + 24 * 60 * 60_000);
    await expect(lock.unlock(PASSPHRASE)).rejects.toThrow(/Try again at .+ \(in 1 minute\)/);
    expect(lock.status().lockedOutUntil).toBeDefined();
    clock.advance(1_000);
    expect(lock.status().lockedOutUntil).toBeUndefined();
    expect(audited.filter((event) => event === 'lock.lockout_ended')).toHaveLength(1);
    expect((await lock.unlock(PASSPHRASE)).locked).toBe(false);
  });

  it("says how many tries are left before the lockout, in its answer and its state, and words the lockout's end in 24-hour time", async () => {
    const clock = testClock();
    const { lock, emitted } = await service({ clock });
    await lock.setPassphrase(undefined, PASSPHRASE);
    expect(lock.state().triesLeft).toBe(MAX_WRONG_PASSPHRASES);
    lock.lockNow();
    for (let attempt = 1; attempt < MAX_WRONG_PASSPHRASES; attempt += 1) {
      const left = MAX_WRONG_PASSPHRASES - attempt;
      await expect(lock.unlock(`wrong ${attempt}`)).rejects.toThrow(
        `That passphrase is not right. ${left} ${left === 1 ? 'try' : 'tries'} left before no passphrase is checked for 30 minutes.`,
      );
      // The lock screen hears of it before the next attempt.
      expect(emitted.at(-1)).toMatchObject({ locked: true, triesLeft: left });
    }
    const refused = lock.unlock('wrong again');
    await expect(refused).rejects.toMatchObject({ kind: 'locked' });
    const ends = new Date(clock.wallMs() + LOCKOUT_MS);
    const at = `${String(ends.getHours()).padStart(2, '0')}:${String(ends.getMinutes()).padStart(2, '0')}`;
    await expect(refused).rejects.toThrow(`Try again at ${at} (in 30 minutes).`);
    expect(lock.state().triesLeft).toBeUndefined();
    expect(lock.state().lockedOutUntil).toBe(ends.toISOString());

    clock.advance(LOCKOUT_MS);
    expect(lock.status()).toMatchObject({ triesLeft: MAX_WRONG_PASSPHRASES });
    expect((await lock.unlock(PASSPHRASE)).locked).toBe(false);
  });

  it('passphrases sent all at once are checked one by one: the sixth and later meet the lockout', async () => {
    const { lock, audited } = await service({ clock: testClock() });
    await lock.setPassphrase(undefined, PASSPHRASE);
    lock.lockNow();
    const answers = await Promise.allSettled(
      Array.from({ length: 12 }, (_, attempt) =>
        lock.unlock(attempt === 11 ? PASSPHRASE : `wrong ${attempt}`),
      ),
    );
    const kinds = answers.map((answer) =>
      answer.status === 'rejected' ? (answer.reason as { kind: string }).kind : 'unlocked',
    );
    expect(kinds).toEqual([...Array(MAX_WRONG_PASSPHRASES - 1).fill('invalid'), ...Array(8).fill('locked')]);
    expect(audited.filter((event) => event === 'lock.wrong_passphrase')).toHaveLength(MAX_WRONG_PASSPHRASES);
    expect(lock.isLocked()).toBe(true);
  });

  it('wrong passphrases count across a restart, and a lockout carried over ends when it was due', async () => {
    const clock = testClock();
    const vault = createMemoryVault();
    const first = await service({ clock, vault });
    await first.lock.setPassphrase(undefined, PASSPHRASE);
    first.lock.lockNow();
    for (let attempt = 1; attempt < MAX_WRONG_PASSPHRASES; attempt += 1) {
      await expect(first.lock.unlock(`wrong ${attempt}`)).rejects.toMatchObject({ kind: 'invalid' });
    }

    const second = await service({ clock, vault });
    await expect(second.lock.unlock('wrong again')).rejects.toMatchObject({ kind: 'locked' });
    const endsAt = second.lock.state().lockedOutUntil;
    expect(endsAt).toBe(new Date(clock.wallMs() + LOCKOUT_MS).toISOString());

    // Ten minutes later, another restart: twenty minutes to go, on the clock of the new run.
    clock.advance(10 * 60_000);
    const third = await service({ clock, vault });
    expect(third.lock.state().lockedOutUntil).toBe(endsAt);
    clock.advance(20 * 60_000 - 1_000);
    await expect(third.lock.unlock(PASSPHRASE)).rejects.toMatchObject({ kind: 'locked' });
    clock.advance(1_000);
    expect((await third.lock.unlock(PASSPHRASE)).locked).toBe(false);
    expect(third.audited).toContain('lock.lockout_ended');
  });

  it('a lockout record whose end is further away than 30 minutes (a clock set back, an edit) lasts 30 minutes from start', async () => {
    const clock = testClock();
    const vault = createMemoryVault();
    await vault.setOperatorPassphrase(PASSPHRASE);
    lockRecordIn(dir).write({
      passphraseSet: true,
      wrongInARow: 0,
      lockout: { startedAt: '2030-01-01T08:59:00.000Z', endsAt: '2031-01-01T00:00:00.000Z' },
    });
    const { lock } = await service({ clock, vault });
    expect(lock.state().lockedOutUntil).toBe(new Date(clock.wallMs() + LOCKOUT_MS).toISOString());
    clock.advance(LOCKOUT_MS);
    expect((await lock.unlock(PASSPHRASE)).locked).toBe(false);
  });
});
