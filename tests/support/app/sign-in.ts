// Signing in as a test: the first supervisor created and enrolled through the contract's own channels, the
// authenticator's code computed from the enrolment's secret as a phone would. Used by the app fixture (every
// test starts signed in unless it asks not to), the browser tests' global setup and the sign-in tests.
import type { IpcResult } from '@shared/ipc';
import type { RoleId, SessionState } from '@shared/operators';
import { codeAt } from '../../../src/main/operators/totp';

export interface TestOperator {
  id: string;
  displayName: string;
  passphrase: string;
  /** The authenticator's secret (base32), known once the operator has enrolled. */
  secret?: string;
  role: RoleId;
}

export const TEST_SUPERVISOR: TestOperator = {
  id: 'sam.super',
  displayName: 'Sam Supervisor',
  passphrase: 'supervisor passphrase 1',
  role: 'supervisor',
};

/** The agent most sign-in tests add (addAndSignIn) beside the supervisor. */
export const TEST_AGENT = {
  id: 'ana.agent',
  displayName: 'Ana Agent',
  passphrase: 'agent passphrase 1',
  role: 'agent',
} as const;

type Call = (channel: string, input?: unknown) => Promise<IpcResult<unknown>>;

async function data<T>(call: Call, channel: string, input?: unknown): Promise<T> {
  const result = await call(channel, input);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.kind}: ${result.error.message}`);
  return result.data as T;
}

/**
 * The test clock's wall time: each sign-in a test makes moves it one 30-second step on, so that the code
 * of a second sign-in in the same half minute is not a replay of the first (main refuses a code twice).
 */
let stepsAhead = 0;
const testWallMs = () => Date.now() + stepsAhead * 30_000;
export const TEST_SESSION_CLOCK = { monotonicMs: () => performance.now(), wallMs: testWallMs };

/** The last step each secret's code was made for in this process: main refuses a step twice. */
const usedSteps = new Map<string, number>();

/**
 * The code of the first step after `last` that main will take: at most one step ahead of the clock `wallMs`
 * (main accepts one either side, never a step twice). On a real clock that can mean waiting for the next
 * half minute: a third code within one is not possible.
 */
export async function codeAfterStep(
  secret: string,
  last: number,
  wallMs: () => number,
): Promise<{ step: number; code: string }> {
  for (;;) {
    const nowStep = Math.floor(wallMs() / 30_000);
    const step = Math.max(nowStep, last + 1);
    // More than a step behind the last code: a clock a test set back, which waiting would never catch up.
    if (step <= nowStep + 1 || step > nowStep + 2) return { step, code: codeAt(secret, step * 30_000) };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The next code for `secret` on the clock `wallMs` (the test clock by default), for a step not used yet in this process. */
export async function nextCode(secret: string, wallMs: () => number = testWallMs): Promise<string> {
  if (wallMs === testWallMs) stepsAhead += 1;
  const { step, code } = await codeAfterStep(secret, usedSteps.get(secret) ?? -1, wallMs);
  usedSteps.set(secret, step);
  return code;
}

/** The supervisor signed in through each Call, with their clock: the one who approves what it asks. */
const supervisorOf = new WeakMap<Call, { operator: TestOperator; wallMs: (() => number) | undefined }>();

function remember(call: Call, operator: TestOperator, wallMs: (() => number) | undefined): void {
  if (operator.role === 'supervisor' && operator.secret) supervisorOf.set(call, { operator, wallMs });
}

/**
 * A call that, answered `approval_needed`, is approved by `approver` (by default the supervisor last signed
 * in through `call`) with their passphrase and a fresh code, and made again: what a supervisor does at the
 * desk, for tests whose subject is not the approval itself.
 */
export async function withApproval(
  call: Call,
  channel: string,
  input?: unknown,
  approver?: TestOperator,
): Promise<IpcResult<unknown>> {
  const first = await call(channel, input);
  if (first.ok || first.error.kind !== 'approval_needed' || !first.error.approval) return first;
  const known = supervisorOf.get(call);
  const who = approver ?? known?.operator;
  if (!who?.secret) return first;
  await data(call, 'approvals.grant', {
    requestId: first.error.approval.id,
    supervisorId: who.id,
    passphrase: who.passphrase,
    code: await nextCode(who.secret, approver ? undefined : known?.wallMs),
  });
  return call(channel, input);
}

/** Finishes an enrolment under way: the new passphrase when asked, the first code of the new secret. */
export async function completeEnrolment(
  call: Call,
  operator: TestOperator,
  wallMs?: () => number,
): Promise<TestOperator> {
  const state = await data<SessionState>(call, 'session.status');
  if (state.kind !== 'enrolling') throw new Error(`expected an enrolment, the desk is ${state.kind}`);
  const secret = state.enrolment.secret;
  await data(call, 'session.completeEnrolment', {
    ...(state.enrolment.needsPassphrase && { passphrase: operator.passphrase }),
    code: await nextCode(secret, wallMs),
  });
  const enrolled = { ...operator, secret };
  remember(call, enrolled, wallMs);
  return enrolled;
}

/** A desk at its first start: creates the first supervisor, enrols them, and leaves them signed in. */
export async function enrolFirstSupervisor(
  call: Call,
  operator: TestOperator = TEST_SUPERVISOR,
  wallMs?: () => number,
): Promise<TestOperator> {
  await data(call, 'session.createFirstSupervisor', {
    id: operator.id,
    displayName: operator.displayName,
    passphrase: operator.passphrase,
  });
  return completeEnrolment(call, operator, wallMs);
}

/** Signs an enrolled operator in (also unlocks a locked desk). */
export async function signIn(
  call: Call,
  operator: TestOperator,
  wallMs?: () => number,
): Promise<SessionState> {
  if (!operator.secret) throw new Error(`${operator.id} has not enrolled`);
  const state = await data<SessionState>(call, 'session.signIn', {
    operatorId: operator.id,
    passphrase: operator.passphrase,
    code: await nextCode(operator.secret, wallMs),
  });
  remember(call, operator, wallMs);
  return state;
}

/**
 * A supervisor (signed in) adds an operator with `role` (approving it themselves, the desk's only
 * supervisor); the operator is then signed in in their place, chooses their passphrase and enrols. Leaves
 * the new operator signed in.
 */
export async function addAndSignIn(
  call: Call,
  operator: Omit<TestOperator, 'secret'>,
  wallMs?: () => number,
): Promise<TestOperator> {
  const temporary = `temporary ${operator.id} pass`;
  const added = await withApproval(call, 'operators.add', {
    id: operator.id,
    displayName: operator.displayName,
    role: operator.role,
    temporaryPassphrase: temporary,
  });
  if (!added.ok) throw new Error(`operators.add failed: ${added.error.kind}: ${added.error.message}`);
  await data(call, 'session.signOut');
  await data(call, 'session.signIn', { operatorId: operator.id, passphrase: temporary });
  return completeEnrolment(call, operator, wallMs);
}

/** The browser harness's HTTP bridge as a Call: `origin` is its address, `token` the run's token. */
export function bridgeCaller(origin: string | URL, token: string): Call {
  return async (channel, input) => {
    const answer = await fetch(new URL(`/__ipc/${channel}`, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paydesk-token': token },
      body: JSON.stringify({ input }),
    });
    return (await answer.json()) as IpcResult<unknown>;
  };
}
