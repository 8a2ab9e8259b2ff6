// The operator lock: the passphrase's hash in the vault, the idle clock, the gate in front of every
// channel, and the audit trail of sign-ins — through the real app and the real scrypt hash.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import {
  createLockService,
  MAX_WRONG_PASSPHRASES,
  WRONG_PASSPHRASE_PAUSE_MS,
} from '../../src/main/lock/lock-service';
import { CHANNELS_OPEN_WHILE_LOCKED, IPC_CHANNEL_NAMES, type LockState } from '../../src/shared/ipc';
import { type Fixture, startFixture, v2Fields } from '../support/paydesk-fixture';

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
    const state = await fixture.data<LockState>('lock.status');
    expect(state).toEqual({ passphraseSet: false, locked: false, idleLockMinutes: 15 });
    const refused = await fixture.call('lock.lockNow');
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid' } });
  });

  it('refuses a passphrase shorter than the minimum and changes nothing', async () => {
    const refused = await fixture.call('lock.setPassphrase', { passphrase: 'short' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid', field: 'passphrase' } });
    expect((await fixture.data<LockState>('lock.status')).passphraseSet).toBe(false);
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
    const unlocked = await fixture.data<LockState>('lock.unlock', { passphrase: PASSPHRASE });
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
    const removed = await fixture.data<LockState>('lock.removePassphrase', { current: 'another passphrase' });
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

describe('lock service clock', () => {
  async function service(start = 1_000_000) {
    let clock = start;
    const emitted: LockState[] = [];
    const vault = createMemoryVault();
    const lock = await createLockService({
      vault,
      idleLockMinutes: () => 15,
      emit: (state) => void emitted.push(state),
      audit: () => {},
      now: () => clock,
    });
    return {
      lock,
      vault,
      emitted,
      advance: (ms: number) => {
        clock += ms;
      },
    };
  }

  it('locks after the idle time without activity, and activity restarts the clock', async () => {
    const { lock, advance, emitted } = await service();
    await lock.setPassphrase(undefined, PASSPHRASE);
    advance(14 * 60_000);
    lock.activity();
    advance(14 * 60_000);
    lock.checkIdle();
    expect(lock.isLocked()).toBe(false);
    advance(60_000);
    lock.checkIdle();
    expect(lock.isLocked()).toBe(true);
    expect(emitted.at(-1)).toMatchObject({ locked: true });
  });

  it('never locks by idleness without a passphrase', async () => {
    const { lock, advance } = await service();
    advance(24 * 60 * 60_000);
    lock.checkIdle();
    expect(lock.isLocked()).toBe(false);
  });

  it('starts locked when a passphrase is already in the vault', async () => {
    const vault = createMemoryVault();
    await vault.setOperatorPassphrase(PASSPHRASE);
    const lock = await createLockService({
      vault,
      idleLockMinutes: () => 15,
      emit: () => {},
      audit: () => {},
    });
    expect(lock.state()).toMatchObject({ passphraseSet: true, locked: true });
  });

  it(`pauses unlocking after ${MAX_WRONG_PASSPHRASES} wrong passphrases, even for the right one`, async () => {
    const { lock, advance } = await service();
    await lock.setPassphrase(undefined, PASSPHRASE);
    lock.lockNow();
    for (let attempt = 1; attempt < MAX_WRONG_PASSPHRASES; attempt += 1) {
      await expect(lock.unlock(`wrong ${attempt}`)).rejects.toMatchObject({ kind: 'invalid' });
    }
    await expect(lock.unlock('wrong again')).rejects.toMatchObject({ kind: 'locked' });
    await expect(lock.unlock(PASSPHRASE)).rejects.toThrow(/Try again in 60 seconds/);
    advance(WRONG_PASSPHRASE_PAUSE_MS);
    expect((await lock.unlock(PASSPHRASE)).locked).toBe(false);
  });
});
