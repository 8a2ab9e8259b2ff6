// Builds the real app (composition root, embedded sandbox, SQLite history in a temp folder) for tests,
// with an in-memory settings store and vault: what the browser harness does with --ephemeral.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PayInRow } from '@shared/history';
import type {
  ChannelArgs,
  ChannelInput,
  ChannelOutput,
  IpcChannel,
  IpcResult,
  PayInResult,
} from '@shared/ipc';
import type { PayInStatus } from '@shared/payin-lifecycle';
import { createPaydesk, type Paydesk, type PaydeskConfig } from '../../../src/main/app';
import { createMemoryVault } from '../../../src/main/credentials/memory-vault';
import type { CredentialVault } from '../../../src/main/credentials/vault';
import { createLogger } from '../../../src/main/log/logger';
import type { PayInTransport } from '../../../src/main/payin/gateway-transport';
import type { KeyValueStore } from '../../../src/main/settings/settings-service';
import { SAMPLE_CUSTOMER } from './sample-customer';
import {
  enrolFirstSupervisor,
  signIn,
  TEST_SESSION_CLOCK,
  TEST_SUPERVISOR,
  type TestOperator,
  withApproval,
} from './sign-in';

/** The operators the fixture signed in, by data folder: a restart on the same folder signs them in again. */
const operatorsByDataDir = new Map<string, TestOperator>();

export function memoryStore(): KeyValueStore & { dump(): string } {
  const values = new Map<string, unknown>();
  return {
    get: (key) => structuredClone(values.get(key)),
    set: (key, value) => void values.set(key, structuredClone(value)),
    dump: () => JSON.stringify(Object.fromEntries(values)),
  };
}

export interface Fixture {
  paydesk: Paydesk;
  dataDir: string;
  store: ReturnType<typeof memoryStore>;
  events: { event: string; payload: unknown }[];
  /** Every pay-in result the renderer was told of, oldest first (a payin.changed event carries one commit's). */
  payInChanges(): PayInResult[];
  /**
   * Any channel name with any input, the answer as it comes: for tests that send what the contract refuses
   * (an unknown channel, a wrong input) and read the refusal.
   */
  call<T = unknown>(channel: string, input?: unknown): Promise<IpcResult<T>>;
  /**
   * A call as the renderer makes it, typed by the contract (input and answer); a refusal throws. What waits
   * for a supervisor is approved by the one the fixture signed in (sign-in.ts, withApproval).
   */
  data<C extends IpcChannel>(channel: C, ...input: ChannelArgs<C>): Promise<ChannelOutput<C>>;
  /** Waits (up to 10 s) until history has the pay-in in `status`, and returns its row. */
  waitForStatus(historyId: number, status: PayInStatus): Promise<PayInRow>;
  /** The operator signed in at start (the desk's first supervisor), with what they sign in with. */
  operator: TestOperator | undefined;
  close(): Promise<void>;
}

export interface FixtureOptions {
  slowFaultDelayMs?: number;
  /** The data folder (kept on close); a new temporary one otherwise. */
  dataDir?: string;
  /** The log file; `<dataDir>/logs/paydesk.log` otherwise. */
  logFile?: string;
  transport?: PayInTransport;
  /** Settings that outlive the fixture (a restart); a new in-memory store otherwise. */
  settingsStore?: ReturnType<typeof memoryStore>;
  /**
   * A vault that outlives the fixture (a restart); a new memory vault otherwise. A restart on the same
   * vault keeps the audit key too, so the history written before can still be proved.
   */
  vault?: CredentialVault;
  /** The keychain for the passphrase hash and the audit key, when not `vault` (PaydeskConfig.keychainVault). */
  keychainVault?: PaydeskConfig['keychainVault'];
  /** Team mode's timing (PaydeskConfig.teamTiming). */
  teamTiming?: PaydeskConfig['teamTiming'];
  /** Main's clock (PaydeskConfig.now): the day KYC document dates are read against. */
  now?: PaydeskConfig['now'];
  /** When the desk asks again by itself about an overdue pay-in (PaydeskConfig.overdueAsk). */
  overdueAsk?: PaydeskConfig['overdueAsk'];
  /** Told of each event as the app emits it (a benchmark times them; tests read `events`). */
  onEvent?: (event: string, payload: unknown) => void;
  /**
   * false: the desk is left as it starts (the sign-in or first-start screen). Otherwise the first supervisor
   * is created and signed in (or, on a data folder a fixture used before, signed in again).
   */
  signIn?: boolean;
  /** The first supervisor's id and name (TEST_SUPERVISOR's otherwise), e.g. a team desk's operator. */
  supervisor?: { id: string; displayName: string };
  /** The session's clocks (PaydeskConfig.sessionClock); the test clock of sign-in.ts otherwise. */
  sessionClock?: PaydeskConfig['sessionClock'];
  /** The OS locale (PaydeskConfig.osLocale); none otherwise (English). */
  osLocale?: string;
}

export async function startFixture(options: FixtureOptions = {}): Promise<Fixture> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'paydesk-test-'));
  const store = options.settingsStore ?? memoryStore();
  const events: { event: string; payload: unknown }[] = [];
  const logFile = options.logFile ?? join(dataDir, 'logs', 'paydesk.log');
  const paydesk = await createPaydesk({
    version: 'test',
    bankPageView: 'iframe',
    dataDir,
    ...(options.osLocale && { osLocale: options.osLocale }),
    settingsStore: store,
    vault: options.vault ?? createMemoryVault(),
    ...(options.keychainVault && { keychainVault: options.keychainVault }),
    keychain: { available: false, reason: 'in-memory test vault' },
    log: createLogger({ filePath: logFile, level: 'info' }),
    logFile,
    emit: (event, payload) => {
      events.push({ event, payload });
      options.onEvent?.(event, payload);
    },
    sandbox: { slowFaultDelayMs: options.slowFaultDelayMs ?? 2_500, callbackBackoffMs: 5 },
    ...(options.transport && { transport: options.transport }),
    ...(options.teamTiming && { teamTiming: options.teamTiming }),
    ...(options.now && { now: options.now }),
    ...(options.overdueAsk && { overdueAsk: options.overdueAsk }),
    sessionClock: options.sessionClock ?? TEST_SESSION_CLOCK,
  });
  // Tests read the sandbox's state right away: wait for the start-up's background start, as a user's first
  // pay-in would.
  await paydesk.startedInBackground;
  const call = <T>(channel: string, input?: unknown) =>
    paydesk.dispatch(channel, input) as Promise<IpcResult<T>>;
  let operator: TestOperator | undefined;
  if (options.signIn !== false) {
    const state = await paydesk.session.status();
    const known = operatorsByDataDir.get(dataDir);
    if (state.kind === 'first-start') {
      operator = await enrolFirstSupervisor(call, { ...TEST_SUPERVISOR, ...options.supervisor });
    } else if (state.kind === 'signed-out' && known) {
      await signIn(call, known);
      operator = known;
    }
    if (operator) operatorsByDataDir.set(dataDir, operator);
  }
  return {
    paydesk,
    operator,
    dataDir,
    store,
    events,
    payInChanges: () =>
      events.flatMap(({ event, payload }) => (event === 'payin.changed' ? (payload as PayInResult[]) : [])),
    call,
    async data<C extends IpcChannel>(channel: C, ...input: ChannelArgs<C>) {
      const result = (await withApproval(call, channel, input[0])) as IpcResult<ChannelOutput<C>>;
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.kind}: ${result.error.message}`);
      return result.data;
    },
    async waitForStatus(historyId, status) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const row = paydesk.history.getById(historyId);
        if (row?.kind === 'payin' && row.status === status) return row;
        if (Date.now() > deadline) {
          throw new Error(
            `pay-in ${historyId} is ${row?.status}, not ${status}: ${row?.note?.message ?? ''}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      await paydesk.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type PayInSubmitInput = ChannelInput<'payin.submit'>;
/** The fields of a v2 pay-in as payin.submit takes them. */
/**
 * A profile of the test environment whose pay-in and KYC addresses are both `gateway.url`, saved and made
 * active, with its merchant secret when one is given; `extra` sets more of the profile (timeouts, options).
 */
export async function activateTestGateway(
  fx: Fixture,
  gateway: { id: string; name: string; url: string; merchantId: number; secret?: string },
  extra: Partial<ChannelInput<'profiles.save'>> = {},
): Promise<void> {
  const { id, name, url, merchantId, secret } = gateway;
  await fx.data('profiles.save', {
    id,
    name,
    environment: 'test',
    baseUrl: url,
    kycBaseUrl: url,
    merchantId,
    ...extra,
  });
  await fx.data('profiles.activate', { id });
  if (secret !== undefined) await fx.data('secret.set', { profileId: id, secret });
}

export type V2Fields = Extract<PayInSubmitInput, { version: 'v2' }>['fields'];
/** The fields of a v1 pay-in as payin.submit takes them. */
export type V1Fields = Extract<PayInSubmitInput, { version: 'v1' }>['fields'];

let customerCounter = 0;
/** A v2 pay-in form as an operator would fill it; a fresh userId each time unless given. */
export function v2Fields(overrides: Partial<V2Fields> = {}): V2Fields {
  customerCounter += 1;
  return {
    userId: `cust-${process.pid}-${customerCounter}`,
    ...SAMPLE_CUSTOMER,
    amount: '25.00',
    ...overrides,
  };
}

export function v1Fields(overrides: Partial<V1Fields> = {}): V1Fields {
  return { ...v2Fields(), email: 'ada@example.com', iddCode: '44', currency: 'GBP', ...overrides };
}

/** Follows an HTML page's first form as a browser with the given field values would. */
export async function submitFirstForm(html: string, baseUrl: string, values: Record<string, string> = {}) {
  const action = /<form[^>]*action="([^"]+)"/i.exec(html)?.[1]?.replaceAll('&amp;', '&');
  if (!action) throw new Error(`no form in page: ${html.slice(0, 200)}`);
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*?(?:value="([^"]*)")?[^>]*>/gi)) {
    fields.set(match[1]!, match[2] ?? '');
  }
  for (const [name, value] of Object.entries(values)) fields.set(name, value);
  const method = /<form[^>]*method="([^"]+)"/i.exec(html)?.[1]?.toUpperCase() ?? 'GET';
  const target = new URL(action, baseUrl);
  return method === 'POST'
    ? fetch(target, {
        method: 'POST',
        body: fields,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        redirect: 'manual',
      })
    : fetch(target, { redirect: 'manual' });
}
