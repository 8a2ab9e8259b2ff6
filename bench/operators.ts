// Who is at the desk, timed (issue 31's figures): a sign-in (the scrypt hash of the passphrase and the
// authenticator's code, through the session service on a real sealed accounts file), a switch of
// operator (sign-out and the next person's sign-in), and what main's permission gate adds to an IPC call —
// the same dispatcher over the same handler with and without the gate, interleaved in one run.
// Run: npm run bench:operators [-- --signins N --calls N | --quick]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createMemoryVault } from '../src/main/credentials/memory-vault';
import { createIpcDispatcher, type IpcDispatcher, type IpcHandlers } from '../src/main/ipc/dispatch';
import { sessionGated } from '../src/main/ipc/session-gate';
import { accountStoreIn } from '../src/main/operators/account-store';
import { createOperatorAdmin } from '../src/main/operators/operator-admin';
import { createSessionService } from '../src/main/operators/session-service';
import { codeAt } from '../src/main/operators/totp';
import { ipcChannels } from '../src/shared/ipc';
import { loadLine, machineLine, median, percentile, printBenchResult, printTable } from './support/report';

const { values } = parseArgs({
  options: {
    signins: { type: 'string' },
    calls: { type: 'string' },
    quick: { type: 'boolean', default: false },
  },
});
const quick = values.quick;
const SIGNINS = Number(values.signins ?? (quick ? 10 : 40));
const CALLS = Number(values.calls ?? (quick ? 20_000 : 200_000));
const command = quick ? 'npm run bench:operators -- --quick' : 'npm run bench:operators';
const GOAL_SIGN_IN_MS = 300;
const GOAL_SWITCH_MS = 1_000;
const GOAL_GATE_MS = 0.05;

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-operators-'));
// A clock the bench moves one code step per sign-in, so no code is a replay of the one before.
let wall = Date.now();
const session = await createSessionService({
  store: accountStoreIn(dataDir, createMemoryVault()),
  idleLockMinutes: () => 15,
  emit: () => undefined,
  audit: () => undefined,
  legacyOperatorName: () => undefined,
  retireLegacyPassphrase: async () => false,
  clock: { monotonicMs: () => performance.now(), wallMs: () => wall },
});

async function enrol(): Promise<string> {
  const state = await session.state();
  if (state.kind !== 'enrolling') throw new Error(state.kind);
  const secret = state.enrolment.secret;
  wall += 30_000;
  await session.completeEnrolment({
    ...(state.enrolment.needsPassphrase && { passphrase: 'agent passphrase 1' }),
    code: codeAt(secret, wall),
  });
  return secret;
}

await session.createFirstSupervisor({
  id: 'sam.super',
  displayName: 'Sam',
  passphrase: 'supervisor passphrase',
});
const supervisorSecret = await enrol();
const admin = createOperatorAdmin(session, () => undefined);
await admin.add({
  id: 'ana.agent',
  displayName: 'Ana',
  role: 'agent',
  temporaryPassphrase: 'temporary passphrase',
});
await session.signOut();
await session.signIn({ operatorId: 'ana.agent', passphrase: 'temporary passphrase' });
const agentSecret = await enrol();

const who = {
  'sam.super': { passphrase: 'supervisor passphrase', secret: supervisorSecret },
  'ana.agent': { passphrase: 'agent passphrase 1', secret: agentSecret },
} as const;

async function signIn(id: keyof typeof who): Promise<number> {
  wall += 30_000;
  const code = codeAt(who[id].secret, wall);
  const started = performance.now();
  const state = await session.signIn({ operatorId: id, passphrase: who[id].passphrase, code });
  const ms = performance.now() - started;
  if (state.kind !== 'signed-in') throw new Error(`sign-in ended ${state.kind}`);
  return ms;
}

// Sign-in: the same person after Lock now, as at the lock screen.
const signIns: number[] = [];
for (let i = 0; i < SIGNINS; i++) {
  await session.lockNow();
  signIns.push(await signIn('ana.agent'));
}
// Switch: the agent signs out, the supervisor signs in (and back).
const switches: number[] = [];
for (let i = 0; i < SIGNINS; i++) {
  const started = performance.now();
  await session.signOut();
  await signIn(i % 2 === 0 ? 'sam.super' : 'ana.agent');
  switches.push(performance.now() - started);
}

// The gate: one cheap channel the agent may call, answered by the same handler either way.
const handler = async () => [];
const handlers = new Proxy({} as IpcHandlers, { get: () => handler });
const bare: IpcDispatcher = createIpcDispatcher(handlers, () => undefined);
const gated: IpcDispatcher = sessionGated(bare, ipcChannels, session, () => undefined);
await session.signOut();
await signIn('ana.agent');
const CHANNEL = 'payin.underWay';
const perCall = async (dispatch: IpcDispatcher, n: number): Promise<number> => {
  const started = performance.now();
  for (let i = 0; i < n; i++) await dispatch(CHANNEL, undefined);
  return (performance.now() - started) / n;
};
const check = await gated(CHANNEL, undefined);
if (!check.ok) throw new Error(`the call was refused: ${check.error.message}`);
await perCall(bare, 2_000);
await perCall(gated, 2_000);
const bareMs: number[] = [];
const gatedMs: number[] = [];
const ROUNDS = 10;
for (let round = 0; round < ROUNDS; round++) {
  bareMs.push(await perCall(bare, CALLS / ROUNDS));
  gatedMs.push(await perCall(gated, CALLS / ROUNDS));
}
session.stopIdleClock();
rmSync(dataDir, { recursive: true, force: true });

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const f = (ms: number, digits = 1) => ms.toFixed(digits);
const signInP50 = median(signIns);
const signInP95 = percentile(sorted(signIns), 95);
const switchP95 = percentile(sorted(switches), 95);
const gateAdds = median(gatedMs) - median(bareMs);

console.log(machineLine());
console.log(loadLine());
printTable(
  ['what', 'p50', 'p95', 'max', 'goal'],
  [
    [
      `sign-in (${SIGNINS})`,
      `${f(signInP50)} ms`,
      `${f(signInP95)} ms`,
      `${f(Math.max(...signIns))} ms`,
      `≤ ${GOAL_SIGN_IN_MS} ms`,
    ],
    [
      `switch of operator (${SIGNINS})`,
      `${f(median(switches))} ms`,
      `${f(switchP95)} ms`,
      `${f(Math.max(...switches))} ms`,
      `≤ ${GOAL_SWITCH_MS} ms`,
    ],
    [
      `IPC call, ${CALLS} in ${ROUNDS} rounds`,
      `bare ${f(median(bareMs) * 1000, 2)} µs, gated ${f(median(gatedMs) * 1000, 2)} µs`,
      '',
      '',
      `gate adds ≤ ${GOAL_GATE_MS} ms`,
    ],
  ],
);
console.log(`The gate adds ${f(gateAdds * 1000, 2)} µs per call (medians of ${ROUNDS} interleaved rounds).`);

printBenchResult({
  bench: 'operators',
  title: 'Sign-in and permission check',
  command,
  figure: `sign-in p95 ${f(signInP95)} ms; switch p95 ${f(switchP95)} ms; gate +${f(gateAdds * 1000, 2)} µs/call`,
  peer: `the same dispatcher without the gate: ${f(median(bareMs) * 1000, 2)} µs/call`,
  ratio: `${f(median(gatedMs) / median(bareMs), 2)}× the ungated call`,
  goal: `sign-in ≤ ${GOAL_SIGN_IN_MS} ms, switch ≤ ${GOAL_SWITCH_MS} ms, gate ≤ ${GOAL_GATE_MS} ms`,
  met: signInP95 <= GOAL_SIGN_IN_MS && switchP95 <= GOAL_SWITCH_MS && gateAdds <= GOAL_GATE_MS,
  quick,
  values: { signInP50, signInP95, switchP95, gateAdds, bareMs: median(bareMs), gatedMs: median(gatedMs) },
});
