// Fault drill 4, IPC fuzzing: for every channel of the contract (the table is iterated, so a new channel is
// fuzzed the day it lands), generated inputs go through the real dispatcher of the real app.
// - Inputs the channel's schema refuses (each one checked with safeParse, so the drill cannot pass by
//   generating valid input): a validation error every time, main still answering, no history row and no
//   audit entry written, Object.prototype untouched.
// - Hostile inputs the schema accepts (prototype words, strings at their limit, odd Unicode): answered
//   with a value, never an internal error, nothing polluted, the audit chain intact.
// Replay a failure with DRILL_SEED=<seed printed below>.

import { HISTORY_SORTS } from '@shared/history';
import { IPC_ERROR_KINDS, type IpcChannel, type IpcResult, ipcChannels } from '@shared/ipc';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture, v1Fields, v2Fields } from '../support/app/paydesk-fixture';
import { drillSeed } from '../support/drills/seeded-random';
import { acceptable, aroundExample, refused } from '../support/drills/zod-arbitraries';

const SEED = drillSeed();
console.info(`IPC fuzzing seed ${SEED} (replay with DRILL_SEED=${SEED})`);

const CHANNELS = Object.keys(ipcChannels) as IpcChannel[];
const REFUSED_RUNS = 50;
const ACCEPTED_SAMPLES = 40;
const ACCEPTED_RUNS = 12;

/**
 * Known-good inputs for channels whose schemas hold refinements a generator cannot guess (country lists,
 * the amount rule). Hostile variants are built around them. Other channels need none.
 */
const EXAMPLES: Partial<Record<IpcChannel, unknown[]>> = {
  'payin.submit': [
    { version: 'v2', fields: v2Fields() },
    { version: 'v1', fields: v1Fields() },
  ],
  // An IANA time zone is a refinement too.
  'payin.receipt': [{ historyId: 1, timeZone: 'Europe/Berlin', language: 'de' }],
  'payin.receiptPdf': [{ historyId: 2, timeZone: 'America/New_York', language: 'en' }],
};

type Schema = Parameters<typeof refused>[0];
const schemaOf = (channel: IpcChannel) => ipcChannels[channel].input as unknown as Schema;

function prototypeSnapshot(): string[] {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((proto) =>
    Reflect.ownKeys(proto).map(String).sort().join(','),
  );
}
const PROTOTYPES = prototypeSnapshot();

function expectNothingPolluted(): void {
  expect(prototypeSnapshot()).toEqual(PROTOTYPES);
  const probe: Record<string, unknown> = {};
  expect(probe.polluted).toBeUndefined();
  expect(probe.isAdmin).toBeUndefined();
}

function expectAnAnswer(result: IpcResult<unknown>): void {
  expect(typeof result).toBe('object');
  if (result.ok) return;
  expect(IPC_ERROR_KINDS).toContain(result.error.kind);
  expect(typeof result.error.message).toBe('string');
}

function expectReadableRefusal(result: IpcResult<unknown>): void {
  expect(result).toMatchObject({ ok: false, error: { kind: 'invalid' } });
  if (result.ok) return;
  const { message } = result.error;
  expect(message.trim().length).toBeGreaterThan(0);
  // A refusal never echoes a huge input back, and never carries a stack.
  expect(message.length).toBeLessThan(500);
  expect(message).not.toMatch(/\n\s+at\s/);
}

describe('IPC fuzzing: inputs the contract refuses', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await startFixture();
    // Some history (rows and audit entries) for a refused input to disturb if it could.
    await fx.data('payin.submit', { version: 'v2', fields: v2Fields() });
    await fx.data('payin.submit', { version: 'v2', fields: v2Fields({ cardNumber: '4000000000000002' }) });
  });
  afterAll(() => fx.close());

  it.each(CHANNELS.map((channel, index) => [channel, index] as const))(
    '%s: a validation error for every refused input, and nothing written',
    async (channel, index) => {
      const schema = schemaOf(channel);
      const history = fx.paydesk.history;
      let dispatched = 0;
      await fc.assert(
        fc.asyncProperty(
          refused(schema).filter((input) => !schema.safeParse(input).success),
          async (input) => {
            const rows = history.count();
            const { checkedAt: _before, ...chain } = history.verifyHistory();
            const result = await fx.paydesk.dispatch(channel, input);
            dispatched += 1;
            expectReadableRefusal(result);
            expect(history.count()).toBe(rows);
            const { checkedAt: _after, ...after } = history.verifyHistory();
            expect(after).toEqual(chain);
            expectNothingPolluted();
          },
        ),
        { seed: SEED + index, numRuns: REFUSED_RUNS },
      );
      expect(dispatched).toBeGreaterThanOrEqual(REFUSED_RUNS);
      // Main is still there and still right about its history.
      expect(await fx.data('history.verify')).toMatchObject({ ok: true });
    },
  );

  it('refuses a forged page cursor (any JSON, cursor-shaped or not, base64url-encoded) as invalid input', async () => {
    const cursorShaped = fc.tuple(
      fc.constantFrom(...HISTORY_SORTS, '__proto__'),
      fc.oneof(fc.bigInt().map(String), fc.bigInt({ min: 0n }).map(String), fc.double(), fc.integer()),
      fc.oneof(fc.integer(), fc.double()),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(cursorShaped, fc.jsonValue()),
        fc.constantFrom(...HISTORY_SORTS),
        async (forged, sort) => {
          const cursor = Buffer.from(JSON.stringify(forged) ?? 'null', 'utf8').toString('base64url');
          if (cursor.length > 200) return;
          const result = await fx.paydesk.dispatch('history.query', { sort, cursor });
          if (!result.ok) expect(result.error).toMatchObject({ kind: 'invalid', field: 'cursor' });
          expectNothingPolluted();
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('refuses channels outside the contract, prototype names included', async () => {
    for (const channel of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'payin', 'shell.exec']) {
      expect(await fx.paydesk.dispatch(channel, {})).toMatchObject({
        ok: false,
        error: { kind: 'forbidden' },
      });
    }
    expectNothingPolluted();
  });
});

describe('IPC fuzzing: hostile inputs the contract accepts', () => {
  // A fresh app per channel: one channel's accepted input (a passphrase set, the app locked) must not
  // turn every later channel's answer into "locked".
  it.each(CHANNELS.map((channel, index) => [channel, index] as const))(
    '%s: answered with a value, never an internal error; nothing polluted; history intact',
    async (channel, index) => {
      const schema = schemaOf(channel);
      const generators = [
        acceptable(schema),
        ...(EXAMPLES[channel] ?? []).map((example) => aroundExample(schema, example)),
      ];
      const inputs = fc
        .sample(fc.oneof(...generators), { seed: SEED + 1_000 + index, numRuns: ACCEPTED_SAMPLES })
        .filter((input) => schema.safeParse(input).success)
        .slice(0, ACCEPTED_RUNS);
      expect(
        inputs.length,
        `no accepted input generated for ${channel}: add one to EXAMPLES`,
      ).toBeGreaterThan(0);
      const fx = await startFixture();
      try {
        for (const input of inputs) {
          const result = await fx.paydesk.dispatch(channel, input);
          expectAnAnswer(result);
          expect(
            result.ok ? undefined : result.error,
            `input ${JSON.stringify(input)?.slice(0, 300)}`,
          ).not.toMatchObject({
            kind: 'internal',
          });
          expectNothingPolluted();
          expect(fx.paydesk.history.verifyHistory()).toMatchObject({ ok: true });
        }
      } finally {
        await fx.close();
      }
    },
  );
});
