// What a test expects of a call Paydesk refuses: it rejects with an IpcFailure (src/main/refusal.ts), the
// refusal every service throws, whose kind and message the test then reads.
import { expect } from 'vitest';
import { IpcFailure } from '../../../src/main/refusal';

export async function refusalOf(promise: Promise<unknown>): Promise<IpcFailure> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IpcFailure);
  return error as IpcFailure;
}
