// The shared harness's supervisor, for browser tests that lock the desk and sign in again: the global
// setup enrols them and hands their id, passphrase and authenticator secret to the test processes
// (PAYDESK_SUPERVISOR). Codes run on the real clock (the harness's): main accepts a code one step ahead
// and never a step twice, so the steps used are kept in a file every test process of the run shares
// (PAYDESK_CODE_STEPS), and a third sign-in within one half minute waits for the clock.
import { readFileSync, writeFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { codeAfterStep, type TestOperator } from '../app/sign-in';

export function runSupervisor(): TestOperator {
  const text = process.env.PAYDESK_SUPERVISOR;
  if (!text) throw new Error('PAYDESK_SUPERVISOR is not set: the e2e global setup enrols the supervisor.');
  return JSON.parse(text) as TestOperator;
}

function lastStep(secret: string): number {
  const file = process.env.PAYDESK_CODE_STEPS;
  if (!file) return -1;
  try {
    const steps = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
    return steps[secret] ?? -1;
  } catch {
    return -1;
  }
}

function rememberStep(secret: string, step: number): void {
  const file = process.env.PAYDESK_CODE_STEPS;
  if (!file) return;
  let steps: Record<string, number> = {};
  try {
    steps = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    // First code of the run.
  }
  writeFileSync(file, JSON.stringify({ ...steps, [secret]: step }));
}

/** A code for a step this run has not used, at most one step ahead of the clock (waiting if need be). */
export async function freshCode(secret: string): Promise<string> {
  // The code may wait for the next half minute of the real clock: a test calling it gets that time on top.
  try {
    test.info().setTimeout(test.info().timeout + 30_000);
  } catch {
    // Not in a test (the global setup, a hook): nothing to extend.
  }
  const { step, code } = await codeAfterStep(secret, lastStep(secret), Date.now);
  rememberStep(secret, step);
  return code;
}

/** The supervisors of desks a test started itself (startHarness's `signedIn`), by the desk's origin. */
const supervisorsByOrigin = new Map<string, TestOperator>();

/** A desk's first supervisor, enrolled on the real clock just now: their codes start after this step. */
export function rememberDeskSupervisor(origin: string, supervisor: TestOperator): void {
  supervisorsByOrigin.set(origin, supervisor);
  if (supervisor.secret) rememberStep(supervisor.secret, Math.floor(Date.now() / 30_000));
}

/** The supervisor of the desk at `url`: one the test started, or the run's shared desk's. */
export function supervisorAt(url: string): TestOperator {
  return supervisorsByOrigin.get(new URL(url).origin) ?? runSupervisor();
}
