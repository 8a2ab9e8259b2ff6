// The shared harness's supervisor, for browser tests that lock the desk and sign in again: the global
// setup enrols them and hands their id, passphrase and authenticator secret to the test processes
// (PAYDESK_SUPERVISOR). Codes run on the real clock (the harness's): main accepts a code one step ahead
// and never a step twice, so the steps used are kept in a file every test process of the run shares
// (PAYDESK_CODE_STEPS), and a third sign-in within one half minute waits for the clock.
import { readFileSync, writeFileSync } from 'node:fs';
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
  const { step, code } = await codeAfterStep(secret, lastStep(secret), Date.now);
  rememberStep(secret, step);
  return code;
}
