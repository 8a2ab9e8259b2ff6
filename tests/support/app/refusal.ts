// What a test expects of a call Paydesk refuses: it rejects with an Refusal (src/main/refusal.ts), the
// refusal every service throws, whose kind and message the test then reads.
import { expect } from 'vitest';
import { Refusal } from '../../../src/main/refusal';

export async function refusalOf(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}
