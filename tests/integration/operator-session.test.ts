// Who is at the desk, through the real app (composition root, sealed accounts, scrypt, TOTP): the first
// supervisor and their enrolment, sign-in and its refusals (never saying which part was wrong), the account
// lockout over a restart and a clock set back or forward, the idle lock and a switch of operator, a
// supervisor's changes taking effect at the next call, a damaged account store, and a desk upgraded from
// the single desk passphrase.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatTime } from '@shared/i18n/format';
import { IPC_CHANNEL_NAMES, ipcChannels } from '@shared/ipc';
import type { SessionState } from '@shared/operators';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import { ACCOUNTS_FILE } from '../../src/main/operators/account-store';
import { LOCKOUT_MS } from '../../src/main/operators/credential-check';
import { codeAt } from '../../src/main/operators/totp';
import { gatewayTransport } from '../../src/main/payin/gateway-transport';
import { auditEvents } from '../support/app/audit-events';
import { type Fixture, memoryStore, startFixture, v2Fields } from '../support/app/paydesk-fixture';
import { expectWords } from '../support/app/refusal';
import {
  addAndSignIn,
  completeEnrolment,
  enrolFirstSupervisor,
  nextCode,
  signIn,
  TEST_AGENT,
  TEST_SUPERVISOR,
  type TestOperator,
  withApproval,
} from '../support/app/sign-in';

const REFUSED = /do not sign anyone in/;
const ANA = TEST_AGENT;

/** A wall clock the test moves, and a monotonic one that moves with it. */
function movableClock() {
  let offset = 0;
  const base = performance.now();
  return {
    clock: {
      monotonicMs: () => base + offset + (performance.now() - base),
      wallMs: () => Date.now() + offset,
    },
    move: (ms: number) => {
      offset += ms;
    },
    wall: () => Date.now() + offset,
  };
}

const fixtures: Fixture[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const fx of fixtures.splice(0)) await fx.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function desk(options: Parameters<typeof startFixture>[0] = {}): Promise<Fixture> {
  const fx = await startFixture(options);
  fixtures.push(fx);
  return fx;
}

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-operators-'));
  folders.push(dir);
  return dir;
}

describe('the first start of a desk', () => {
  it('opens nothing but the first supervisor, who enrols with a code from the QR secret', async () => {
    const fx = await desk({ signIn: false });
    expect(await fx.data('session.status')).toEqual({ kind: 'first-start' });
    // Every channel but those open to anyone at the desk (the sign-in screen's own, the language).
    for (const channel of IPC_CHANNEL_NAMES.filter((name) => ipcChannels[name].access !== 'anyone')) {
      expect(await fx.call(channel, {}), channel).toMatchObject({ ok: false, error: { kind: 'locked' } });
    }
    expect(
      await fx.call('session.createFirstSupervisor', {
        id: 'sam.super',
        displayName: 'Sam',
        passphrase: 'too short',
      }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'invalid', field: 'passphrase' },
    });
    const enrolling = await fx.data('session.createFirstSupervisor', {
      id: 'Sam.Super',
      displayName: 'Sam Supervisor',
      passphrase: TEST_SUPERVISOR.passphrase,
    });
    if (enrolling.kind !== 'enrolling') throw new Error(enrolling.kind);
    expect(enrolling.enrolment).toMatchObject({ operatorId: 'sam.super', needsPassphrase: false });
    expect(enrolling.enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/Paydesk:sam\.super\?.*secret=/);
    expect(enrolling.enrolment.qrSvg).toMatch(/^<svg[^>]*>.*<path/s);
    // Still nothing open while enrolling.
    expect(await fx.call('history.query', {})).toMatchObject({ ok: false, error: { kind: 'locked' } });
    expect(await fx.call('session.completeEnrolment', { code: '000000' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid', field: 'code' },
    });
    const supervisor = await completeEnrolment(fx.call, TEST_SUPERVISOR);
    const state = await fx.data('session.status');
    expect(state).toMatchObject({
      kind: 'signed-in',
      locked: false,
      operator: { id: 'sam.super', role: 'supervisor' },
    });
    expect(
      await fx.call('session.createFirstSupervisor', {
        id: 'other.one',
        displayName: 'Other',
        passphrase: TEST_SUPERVISOR.passphrase,
      }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'conflict' },
    });
    expect(supervisor.secret).toBe(enrolling.enrolment.secret);
    expect(auditEvents(fx).map((entry) => entry.event)).toEqual(
      expect.arrayContaining(['operator.first_supervisor_created', 'operator.enrolled', 'session.signed_in']),
    );
  });
});

describe('signing in', () => {
  async function signedOutDesk(): Promise<{ fx: Fixture; supervisor: TestOperator }> {
    const fx = await desk();
    const supervisor = fx.operator!;
    await fx.data('session.signOut');
    return { fx, supervisor };
  }

  it('refuses a wrong passphrase, a wrong code, a code used before and an unknown id alike', async () => {
    const { fx, supervisor } = await signedOutDesk();
    const secret = supervisor.secret!;
    const attempts = [
      { operatorId: supervisor.id, passphrase: 'not the passphrase!', code: await nextCode(secret) },
      { operatorId: supervisor.id, passphrase: supervisor.passphrase, code: '123456' },
      { operatorId: supervisor.id, passphrase: supervisor.passphrase },
      { operatorId: 'nobody.here', passphrase: supervisor.passphrase, code: await nextCode(secret) },
    ];
    const messages = new Set<string>();
    for (const attempt of attempts) {
      const answer = await fx.call('session.signIn', attempt);
      expect(answer, JSON.stringify(attempt)).toMatchObject({ ok: false, error: { kind: 'invalid' } });
      if (!answer.ok) messages.add(answer.error.message);
    }
    expect([...messages]).toHaveLength(1);
    expect([...messages][0]).toMatch(REFUSED);

    const code = await nextCode(secret);
    expect(
      await fx.data('session.signIn', { operatorId: 'SAM.SUPER', passphrase: supervisor.passphrase, code }),
    ).toMatchObject({
      kind: 'signed-in',
    });
    await fx.data('session.signOut');
    // The same code again, within its window: a replay.
    expect(
      await fx.call('session.signIn', { operatorId: supervisor.id, passphrase: supervisor.passphrase, code }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'invalid', message: expect.stringMatching(REFUSED) },
    });
    const reasons = auditEvents(fx)
      .filter((entry) => entry.event === 'session.sign_in_refused')
      .map((entry) => entry.detail.reason);
    expect(reasons).toEqual(['passphrase', 'code', 'code', 'unknown id', 'code used before']);
  });

  it('accepts a code one step either side of now, not two', async () => {
    const time = movableClock();
    const fx = await desk({ signIn: false, sessionClock: time.clock });
    const supervisor = await enrolFirstSupervisor(fx.call, TEST_SUPERVISOR, time.wall);
    await fx.data('session.signOut');
    time.move(10 * 60_000);
    const attempt = (offsetSteps: number) =>
      fx.call('session.signIn', {
        operatorId: supervisor.id,
        passphrase: supervisor.passphrase,
        code: codeAt(supervisor.secret!, time.wall() + offsetSteps * 30_000),
      });
    expect(await attempt(2)).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(await attempt(-2)).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(await attempt(-1)).toMatchObject({ ok: true, data: { kind: 'signed-in' } });
    await fx.data('session.signOut');
    expect(await attempt(1)).toMatchObject({ ok: true, data: { kind: 'signed-in' } });
    await fx.data('session.signOut');
    // Now and one behind are steps before the last one used: refused as replays.
    expect(await attempt(0)).toMatchObject({ ok: false, error: { kind: 'invalid' } });
  });

  it('locks the account, not the desk, after 10 wrong sign-ins, over a restart and a clock set back', async () => {
    const dataDir = folder();
    const vault = createMemoryVault();
    const settingsStore = memoryStore();
    const time = movableClock();
    const fx = await desk({ dataDir, vault, settingsStore, sessionClock: time.clock, signIn: false });
    const supervisor = await enrolFirstSupervisor(fx.call, TEST_SUPERVISOR, time.wall);
    const agent = await addAndSignIn(fx.call, ANA, time.wall);
    await fx.data('session.signOut');
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const answer = await fx.call('session.signIn', {
        operatorId: agent.id,
        passphrase: `wrong passphrase ${attempt}`,
        code: '000000',
      });
      expect(answer).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    }
    const right = async () => ({
      operatorId: agent.id,
      passphrase: agent.passphrase,
      code: await nextCode(agent.secret!, time.wall),
    });
    const locked = await fx.call('session.signIn', await right());
    expect(locked).toMatchObject({
      ok: false,
      error: {
        kind: 'locked',
        message: expect.stringMatching(/locked after 10 failed sign-ins.*Another operator can sign in/),
      },
    });
    // The lockout's end goes as a moment, for the reader's language to say on its own clock.
    const until = !locked.ok && locked.error.words?.values?.until;
    expect(typeof until).toBe('number');
    expect(!locked.ok && locked.error.message).toContain(`until ${formatTime(until as number, 'en')}.`);
    // Another operator still signs in at this desk.
    expect(await signIn(fx.call, supervisor, time.wall)).toMatchObject({ kind: 'signed-in' });
    const listed = await fx.data('operators.list');
    // Whole milliseconds, within a second of the recorded end (the steady clock's reading of it may differ).
    expect(Number.isInteger(until)).toBe(true);
    expect(
      Math.abs((until as number) - Date.parse(listed.find((row) => row.id === agent.id)!.lockedOutUntil!)),
    ).toBeLessThan(1_000);
    expect(Date.parse(listed.find((row) => row.id === agent.id)!.lockedOutUntil!)).toBeGreaterThan(
      time.wall() + LOCKOUT_MS - 60_000,
    );
    expect(auditEvents(fx).filter((entry) => entry.event === 'session.account_locked')).toHaveLength(1);
    await fx.close();
    fixtures.splice(fixtures.indexOf(fx), 1);

    // A restart, with the clock set back a day: the lockout is still there, and no longer than 30 minutes.
    time.move(-24 * 3_600_000);
    const again = await desk({ dataDir, vault, settingsStore, sessionClock: time.clock, signIn: false });
    expect(await again.call('session.signIn', await right())).toMatchObject({
      ok: false,
      error: { kind: 'locked' },
    });
    time.move(24 * 3_600_000 + LOCKOUT_MS + 1_000);
    expect(await again.call('session.signIn', await right())).toMatchObject({
      ok: true,
      data: { kind: 'signed-in' },
    });
  }, 60_000); // A dozen scrypt checks and a restart: slow on a loaded machine.
});

describe('roles, enforced in main', () => {
  it('an agent sends pay-ins under their own id, reads only their own rows, and may not change settings', async () => {
    const fx = await desk();
    const supervisorPayIn = await fx.data('payin.submit', { version: 'v2', fields: v2Fields() });
    await addAndSignIn(fx.call, ANA);
    const own = await fx.data('payin.submit', { version: 'v2', fields: v2Fields() });
    expect(fx.paydesk.history.getById(own.historyId)?.operator).toBe('ana.agent');
    // The receipt names the person, by their display name.
    const { receipt } = await fx.data('payin.receipt', {
      historyId: own.historyId,
      timeZone: 'UTC',
      language: 'en',
    });
    expect(receipt.operator).toBe('Ana Agent');
    // The operator comes from the session: an input naming one is refused, not believed.
    expect(
      await fx.call('payin.submit', { version: 'v2', fields: v2Fields(), operator: 'sam.super' }),
    ).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    const page = await fx.data('history.query', {});
    expect(page.rows.map((row) => row.id)).toEqual([own.historyId]);
    expect(await fx.data('history.query', { operator: 'sam.super' })).toMatchObject({
      rows: [{ id: own.historyId }],
    });
    expect(await fx.call('history.get', { id: supervisorPayIn.historyId })).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
    const refused = await fx.call('settings.update', { idleLockMinutes: 200 });
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'forbidden', message: expect.stringMatching(/\(Agent\)/) },
    });
    expect(fx.paydesk.settings.read().idleLockMinutes).toBe(15);
    expect(auditEvents(fx).find((entry) => entry.event === 'session.forbidden')).toMatchObject({
      operator: 'ana.agent',
      detail: { permission: 'settings.manage' },
    });
  });

  it("a supervisor's change of role or disabling takes effect at the operator's next call", async () => {
    const fx = await desk();
    const supervisor = fx.operator!;
    const agent = await addAndSignIn(fx.call, ANA);
    expect(await fx.call('history.exportCsv', {})).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    // The supervisor changes the role (on this desk, as a test can: the accounts are the desk's).
    fx.paydesk.session.accounts().get('ana.agent')!.role = 'reviewer';
    // Past the role's gate: an export of personal data then waits for a supervisor's approval.
    expect(await fx.call('history.exportCsv', {})).toMatchObject({
      ok: false,
      error: { kind: 'approval_needed' },
    });
    expect(await fx.call('payin.storedCards', { userId: 'x' })).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    await fx.data('session.signOut');
    await signIn(fx.call, supervisor);
    expect(await fx.call('operators.setEnabled', { id: supervisor.id, enabled: false })).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    await fx.data('operators.setEnabled', { id: agent.id, enabled: false });
    await fx.data('session.signOut');
    expect(
      await fx.call('session.signIn', {
        operatorId: agent.id,
        passphrase: agent.passphrase,
        code: await nextCode(agent.secret!),
      }),
    ).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(REFUSED) },
    });
  });

  it('a pay-in in flight while its agent loses the role finishes, recorded under the agent who sent it', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = false;
    let entered = false;
    const fx = await desk({
      transport: {
        async send(...args) {
          entered = true;
          if (holding) await held;
          return gatewayTransport.send(...args);
        },
      },
    });
    const supervisor = fx.operator!;
    await addAndSignIn(fx.call, ANA);
    holding = true;
    const fields = v2Fields({ merchantTradeNo: `ROLE-IN-FLIGHT-${process.pid}` });
    const sending = fx.call('payin.submit', { version: 'v2', fields });
    while (!entered) await new Promise((resolve) => setTimeout(resolve, 10));
    // Mid-flight the desk changes hands and the supervisor takes the agent's sending right away.
    await fx.data('session.signOut');
    await signIn(fx.call, supervisor);
    await fx.data('operators.setRole', { id: 'ana.agent', role: 'reviewer' });
    release();
    expect(await sending).toMatchObject({ ok: true, data: { status: 'approved' } });
    const rows = await fx.data('history.query', { text: fields.merchantTradeNo! });
    expect(rows.rows).toEqual([expect.objectContaining({ operator: 'ana.agent', status: 'approved' })]);
    const payInEntries = auditEvents(fx).filter((entry) => entry.event.startsWith('payin.'));
    expect(payInEntries.length).toBeGreaterThan(0);
    expect(payInEntries.map((entry) => entry.operator)).not.toContain(supervisor.id);
  });

  it('a disabled operator who is signed in is signed out at their next call', async () => {
    const fx = await desk();
    await addAndSignIn(fx.call, ANA);
    fx.paydesk.session.accounts().get('ana.agent')!.enabled = false;
    expect(await fx.call('payin.underWay')).toMatchObject({
      ok: false,
      error: { kind: 'locked', message: expect.stringMatching(/disabled/) },
    });
    expect(await fx.data('session.status')).toEqual({ kind: 'signed-out' });
  });

  it('a reset account chooses a new passphrase and enrols again at its next sign-in', async () => {
    const fx = await desk();
    const supervisor = fx.operator!;
    const agent = await addAndSignIn(fx.call, ANA);
    await fx.data('session.signOut');
    await signIn(fx.call, supervisor);
    const views = await fx.data('operators.reset', {
      id: agent.id,
      temporaryPassphrase: 'one time passphrase',
    });
    expect(views.find((view) => view.id === agent.id)).toMatchObject({ enrolled: false });
    await fx.data('session.signOut');
    // The old passphrase and phone no longer work.
    expect(
      await fx.call('session.signIn', {
        operatorId: agent.id,
        passphrase: agent.passphrase,
        code: await nextCode(agent.secret!),
      }),
    ).toMatchObject({ ok: false });
    const enrolling = await fx.data('session.signIn', {
      operatorId: agent.id,
      passphrase: 'one time passphrase',
    });
    expect(enrolling).toMatchObject({ kind: 'enrolling', enrolment: { needsPassphrase: true } });
    expect(
      await fx.call('session.completeEnrolment', { passphrase: 'one time passphrase', code: '000000' }),
    ).toMatchObject({ ok: false, error: { field: 'passphrase' } });
    const renewed = await completeEnrolment(fx.call, { ...agent, passphrase: 'a brand new passphrase' });
    expect(renewed.secret).not.toBe(agent.secret);
    expect(await fx.data('session.status')).toMatchObject({ kind: 'signed-in', operator: { id: agent.id } });
  });
});

describe('the idle lock and a switch of operator', () => {
  it('locks after the idle time; the same person unlocks; another signing in replaces them', async () => {
    const time = movableClock();
    const fx = await desk({ signIn: false, sessionClock: time.clock });
    const supervisor = await enrolFirstSupervisor(fx.call, TEST_SUPERVISOR, time.wall);
    const agent = await addAndSignIn(fx.call, ANA, time.wall);
    time.move(16 * 60_000);
    fx.paydesk.session.checkIdle();
    expect(await fx.data('session.status')).toMatchObject({
      kind: 'signed-in',
      locked: true,
      operator: { id: agent.id },
    });
    expect(await fx.call('payin.underWay')).toMatchObject({ ok: false, error: { kind: 'locked' } });
    await signIn(fx.call, agent, time.wall);
    expect(await fx.data('session.status')).toMatchObject({ kind: 'signed-in', locked: false });
    await fx.data('session.lockNow');
    const switched: SessionState = await signIn(fx.call, supervisor, time.wall);
    expect(switched).toMatchObject({ kind: 'signed-in', operator: { id: supervisor.id } });
    const events = auditEvents(fx).map((entry) => `${entry.operator} ${entry.event}`);
    expect(events).toEqual(
      expect.arrayContaining([
        'ana.agent session.locked',
        'ana.agent session.unlocked',
        'sam.super session.signed_in',
      ]),
    );
    const changes = fx.events.filter((event) => event.event === 'session.changed');
    expect(changes.length).toBeGreaterThan(3);
  });
});

describe('an id', () => {
  it("is never reused: a disabled operator's id is refused to a new account, which changes nothing", async () => {
    const fx = await desk();
    await addAndSignIn(fx.call, ANA);
    await fx.data('session.signOut');
    await signIn(fx.call, fx.operator!);
    expect(await withApproval(fx.call, 'operators.setEnabled', { id: ANA.id, enabled: false })).toMatchObject(
      {
        ok: true,
      },
    );
    const again = await withApproval(fx.call, 'operators.add', {
      id: ANA.id,
      displayName: 'Another Ana',
      role: 'supervisor',
      temporaryPassphrase: 'temporary other ana',
    });
    expect(again).toMatchObject({ ok: false, error: { kind: 'conflict', field: 'id' } });
    const anas = (await fx.data('operators.list')).filter((row) => row.id === ANA.id);
    expect(anas).toEqual([
      expect.objectContaining({ displayName: ANA.displayName, role: 'agent', enabled: false }),
    ]);
  });
});

describe('the wall clock alone set back or forward, in a run', () => {
  /** The OS's clock moved by the test; the monotonic clock, which no one sets, as it is. */
  function wallOnlyClock() {
    let offset = 0;
    return {
      clock: { monotonicMs: () => performance.now(), wallMs: () => Date.now() + offset },
      move: (ms: number) => {
        offset += ms;
      },
      wall: () => Date.now() + offset,
    };
  }

  it('neither locks an active desk as idle nor ends a lockout early', async () => {
    const time = wallOnlyClock();
    const fx = await desk({ signIn: false, sessionClock: time.clock });
    const supervisor = await enrolFirstSupervisor(fx.call, TEST_SUPERVISOR, time.wall);
    const agent = await addAndSignIn(fx.call, ANA, time.wall);
    // Two hours forward: the idle time is the monotonic clock's, and no time has passed on it.
    time.move(2 * 3_600_000);
    fx.paydesk.session.checkIdle();
    expect(await fx.data('session.status')).toMatchObject({ kind: 'signed-in', locked: false });

    await fx.data('session.signOut');
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await fx.call('session.signIn', {
        operatorId: agent.id,
        passphrase: `wrong ${attempt} pass`,
        code: '000000',
      });
    }
    const right = async () =>
      fx.call('session.signIn', {
        operatorId: agent.id,
        passphrase: agent.passphrase,
        code: await nextCode(agent.secret!, time.wall),
      });
    expect(await right()).toMatchObject({ ok: false, error: { kind: 'locked' } });
    // The clock set an hour forward, past the 30 minutes on the wall clock: still locked.
    time.move(LOCKOUT_MS + 3_600_000);
    expect(await right()).toMatchObject({ ok: false, error: { kind: 'locked' } });
    // Set back a day: still locked (a code from a phone would not match this clock anyway).
    time.move(-24 * 3_600_000);
    expect(await right()).toMatchObject({ ok: false, error: { kind: 'locked' } });
    // The clock right again: the lockout is said to end within its 30 minutes, never later.
    time.move(24 * 3_600_000);
    await signIn(fx.call, supervisor, time.wall);
    const listed = (await fx.data('operators.list')).find((row) => row.id === agent.id)!;
    expect(Date.parse(listed.lockedOutUntil!) - time.wall()).toBeLessThanOrEqual(LOCKOUT_MS);
  }, 60_000);
});

describe('a damaged account store', () => {
  it('an accounts file edited outside Paydesk opens the desk for nobody, and says what to do', async () => {
    const dataDir = folder();
    const vault = createMemoryVault();
    const first = await desk({ dataDir, vault });
    await addAndSignIn(first.call, ANA);
    await first.close();
    fixtures.splice(fixtures.indexOf(first), 1);
    const file = join(dataDir, ACCOUNTS_FILE);
    const sealed = JSON.parse(readFileSync(file, 'utf8')) as { body: string; seal: string };
    writeFileSync(
      file,
      JSON.stringify({ ...sealed, body: sealed.body.replace('"role":"agent"', '"role":"supervisor"') }),
    );

    const fx = await desk({ dataDir, vault, signIn: false });
    const state = await fx.data('session.status');
    expect(state).toMatchObject({
      kind: 'damaged',
      message: expect.stringMatching(/changed outside Paydesk.*supervisor/),
    });
    // The sign-in screen says it in the reader's language: the damage as words, the file's name a value.
    if (state.kind !== 'damaged' || !state.words) throw new Error('the damage came without words');
    expectWords({ message: state.message, words: state.words }, 'session.damaged.changed', {
      file: ACCOUNTS_FILE,
    });
    const signingIn = await fx.call('session.signIn', {
      operatorId: 'ana.agent',
      passphrase: 'agent passphrase 1',
      code: '000000',
    });
    expect(signingIn).toMatchObject({ ok: false, error: { kind: 'locked' } });
    if (!signingIn.ok) expectWords(signingIn.error, 'session.damaged.changed');
    expect(
      await fx.call('session.createFirstSupervisor', {
        id: 'mallory',
        displayName: 'Mallory',
        passphrase: TEST_SUPERVISOR.passphrase,
      }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'locked' },
    });
    expect(await fx.call('history.query', {})).toMatchObject({ ok: false, error: { kind: 'locked' } });
  });

  it('an accounts file deleted while its key is in the keychain is damage, not a first start', async () => {
    const dataDir = folder();
    const vault = createMemoryVault();
    const first = await desk({ dataDir, vault });
    await first.close();
    fixtures.splice(fixtures.indexOf(first), 1);
    rmSync(join(dataDir, ACCOUNTS_FILE));
    const fx = await desk({ dataDir, vault, signIn: false });
    const state = await fx.data('session.status');
    expect(state).toMatchObject({ kind: 'damaged', message: expect.stringMatching(/missing/) });
    if (state.kind === 'damaged') expectWords(state, 'session.damaged.fileMissing', { file: ACCOUNTS_FILE });
  });

  it('keeps no authenticator secret or passphrase in the accounts file', async () => {
    const dataDir = folder();
    const fx = await desk({ dataDir });
    const bytes = readFileSync(join(dataDir, ACCOUNTS_FILE)).toString('latin1');
    expect(bytes).not.toContain(fx.operator!.secret!);
    expect(bytes).not.toContain(fx.operator!.passphrase);
    expect(bytes).toContain('scrypt$');
  });
});

// The same upgrade on a data folder the old version itself wrote: upgrade-old-desk.test.ts.
describe('a desk upgraded from the single desk passphrase', () => {
  it('keeps its history and audit chain, offers its operator name, and retires the old passphrase', async () => {
    const dataDir = folder();
    const vault = createMemoryVault();
    const settingsStore = memoryStore();
    // What today's version leaves: entries under a typed name, the passphrase hash in the keychain, the
    // lock record beside the history, the operator name in the settings.
    const old = await desk({ dataDir, vault, settingsStore, signIn: false });
    old.paydesk.history.recordEvent({
      operator: 'Jane Doe',
      event: 'lock.unlocked',
      outcome: 'success',
      resource: 'operator-lock',
    });
    await old.close();
    fixtures.splice(fixtures.indexOf(old), 1);
    await vault.setOperatorPassphrase('the old desk passphrase');
    writeFileSync(join(dataDir, 'operator-lock.json'), '{"passphraseSet": true, "wrongInARow": 0}\n');
    settingsStore.set('settings', { ...(settingsStore.get('settings') as object), operatorName: 'Jane Doe' });

    const fx = await desk({ dataDir, vault, settingsStore, signIn: false });
    expect(await fx.data('session.status')).toEqual({
      kind: 'first-start',
      suggestedDisplayName: 'Jane Doe',
    });
    await enrolFirstSupervisor(fx.call, { ...TEST_SUPERVISOR, id: 'jane.doe', displayName: 'Jane Doe' });
    expect(await vault.hasOperatorPassphrase()).toBe(false);
    expect(() => readFileSync(join(dataDir, 'operator-lock.json'))).toThrow();
    const verification = await fx.data('history.verify');
    expect(verification).toMatchObject({ ok: true });
    const events = auditEvents(fx).map((entry) => `${entry.operator} ${entry.event}`);
    expect(events).toEqual(
      expect.arrayContaining([
        'Jane Doe lock.unlocked',
        'jane.doe operator.first_supervisor_created',
        'jane.doe session.legacy_passphrase_retired',
      ]),
    );
  });
});
