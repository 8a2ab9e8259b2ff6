// After a restart Paydesk has forgotten the body of an unknown-outcome pay-in (the card data in it, by
// design): the operator types the card again and the request asked again is rebuilt from the history row.
// It must be the SAME request — same merchantTradeNo, same userId — or the gateway takes it for a new order
// and charges twice. History masks anything in a stored request that looks like a card number (13–19 digits passing
// Luhn), and order numbers and user ids can look like one: an agent's own order number or customer id can,
// and Paydesk's earlier generated numbers (PD + 17 timestamp digits + hex) did about one time in thirteen.
// This drill uses such values on purpose. A stored-card
// pay-in has no card to type again: it must go again as it was, token and all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryRow } from '@shared/history';
import type { IpcResult, PayInResult } from '@shared/ipc';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPaydesk, type Paydesk } from '../../src/main/app';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import { createLogger } from '../../src/main/log/logger';
import { memoryStore, v2Fields } from '../support/app/paydesk-fixture';
import { enrolFirstSupervisor, signIn, TEST_SESSION_CLOCK, type TestOperator } from '../support/app/sign-in';
import {
  DRILL_PROFILE_ID,
  type DrillGateway,
  drillProfile,
  startDrillGateway,
} from '../support/drills/drill-gateway';
import { allOrders } from '../support/sandbox/gateway-inspection';

let gw: DrillGateway;
let dataDir: string;
const settingsStore = memoryStore();
const vault = createMemoryVault();

let supervisor: TestOperator | undefined;

/**
 * Paydesk on the same data folder, settings and vault as before: what a restart looks like. Its first
 * supervisor is enrolled on the first start and signs in again on each restart.
 */
async function startPaydesk(): Promise<Paydesk> {
  const paydesk = await startCore();
  const call = (channel: string, input?: unknown) => paydesk.dispatch(channel, input);
  if (supervisor) await signIn(call, supervisor);
  else supervisor = await enrolFirstSupervisor(call);
  return paydesk;
}

function startCore(): Promise<Paydesk> {
  return createPaydesk({
    version: 'drill',
    bankPageView: 'iframe',
    dataDir,
    settingsStore,
    vault,
    keychain: { available: false, reason: 'in-memory drill vault' },
    log: createLogger({ filePath: join(dataDir, 'logs', 'paydesk.log'), level: 'info' }),
    emit: () => undefined,
    sessionClock: TEST_SESSION_CLOCK,
  });
}

async function data<T>(paydesk: Paydesk, channel: string, input?: unknown): Promise<T> {
  const result = (await paydesk.dispatch(channel, input)) as IpcResult<T>;
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.kind}: ${result.error.message}`);
  return result.data;
}

beforeAll(async () => {
  gw = await startDrillGateway({ slowFaultDelayMs: 1_000 });
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-restart-'));
  const first = await startPaydesk();
  await data(
    first,
    'profiles.save',
    drillProfile(gw.proxy, { connectTimeoutMs: 1_000, requestTimeoutMs: 5_000 }),
  );
  await data(first, 'profiles.activate', { id: DRILL_PROFILE_ID });
  await data(first, 'secret.set', { profileId: DRILL_PROFILE_ID, secret: gw.secret });
  await first.close();
});

afterAll(async () => {
  await gw?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('a stored-card pay-in: after a restart it is askedAgain without card details, and charged once', async () => {
  const userId = 'stored-card-customer';
  const paydesk = await startPaydesk();
  let lost: PayInResult;
  try {
    const stored = await data<PayInResult>(paydesk, 'payin.submit', {
      version: 'v2',
      fields: v2Fields({ userId, storeCc: '1', amount: '12.00' }),
    });
    expect(stored.status).toBe('approved');
    const [card] = await data<{ ccStorageID: string }[]>(paydesk, 'payin.storedCards', { userId });
    const { cardNumber: _n, cvv: _c, expDate: _e, ...customer } = v2Fields({ userId, amount: '500.04' });
    lost = await data<PayInResult>(paydesk, 'payin.submit', {
      version: 'v2',
      fields: { ...customer, ccStorageID: card!.ccStorageID },
    });
    expect(lost.status).toBe('outcome_unknown');
  } finally {
    await paydesk.close();
  }

  const after = await startPaydesk();
  let askedAgain: IpcResult<PayInResult>;
  try {
    // The operator has no card to type: the gateway holds it. Asking again sends the stored request as it was.
    askedAgain = (await after.dispatch('payin.askAgain', {
      historyId: lost.historyId,
    })) as IpcResult<PayInResult>;
  } finally {
    await after.close();
  }
  const orders = (await allOrders(gw.sandbox.url, gw.merchantId)).filter((order) => order.userId === userId);
  expect(orders.map((order) => order.amount).sort()).toEqual(['12.00', '500.04']);
  expect(askedAgain).toMatchObject({
    ok: true,
    data: { status: 'approved', merchantTradeNo: lost.merchantTradeNo },
  });
});

it.each([
  ['v2', 'an order number and a user id that look like card numbers'],
  ['v1', 'the same on a signed v1 pay-in'],
] as const)('%s: asking again after a restart is the same order: %s', async (version, _what) => {
  // 4111 1111 1111 1111 and 4012 8888 8888 1881 pass the Luhn check, like a card number would.
  const suffix = version === 'v2' ? 'A' : 'B';
  const merchantTradeNo = `PD4111111111111111${suffix}`;
  const userId = version === 'v2' ? '4012888888881881' : '4000056655665556';
  const extra: Record<string, string> =
    version === 'v1' ? { email: 'ada@example.com', iddCode: '44', currency: 'GBP' } : {};
  const fields = { ...v2Fields({ userId, merchantTradeNo, amount: '500.04' }), ...extra };

  const before = await startPaydesk();
  // 500.04: the gateway charges, then drops the connection. Paydesk cannot know: outcome unknown.
  const lost = await data<PayInResult>(before, 'payin.submit', { version, fields });
  expect(lost).toMatchObject({ status: 'outcome_unknown', merchantTradeNo });
  await before.close();

  const after = await startPaydesk();
  let askedAgain: PayInResult;
  let row: HistoryRow;
  try {
    askedAgain = await data<PayInResult>(after, 'payin.askAgain', {
      historyId: lost.historyId,
      card: { cardNumber: fields.cardNumber, cvv: fields.cvv, expDate: fields.expDate },
    });
    row = (await data<{ row: HistoryRow }>(after, 'history.get', { id: lost.historyId })).row;
  } finally {
    await after.close();
  }

  // One charge at the gateway: the original order, found again — no order under a masked number or user.
  const orders = (await allOrders(gw.sandbox.url, gw.merchantId)).filter(
    (order) =>
      (order.merchantTradeNo.startsWith('PD4111') && order.merchantTradeNo.endsWith(suffix)) ||
      (order.userId.startsWith(userId.slice(0, 6)) && order.userId.endsWith(userId.slice(-4))),
  );
  expect(orders.map(({ merchantTradeNo, userId }) => ({ merchantTradeNo, userId }))).toEqual([
    { merchantTradeNo, userId },
  ]);
  expect(orders[0]).toMatchObject({ status: 'COMPLETED', fault: 'drop' });
  expect(askedAgain).toMatchObject({ historyId: lost.historyId, merchantTradeNo, status: 'approved' });
  expect(row).toMatchObject({ status: 'approved', merchantTradeNo, userId });
});

it('asking again with a request that cannot be rebuilt exactly (a mobile that looks like a card number) is not sent, and stays unknown', async () => {
  // History masks the mobile like a card number, so the request cannot be rebuilt as the gateway holds it;
  // sending it would be refused, which says nothing about whether the first attempt charged.
  const fields = v2Fields({ userId: 'masked-mobile', mobile: '4111111111111111', amount: '500.04' });
  const before = await startPaydesk();
  const lost = await data<PayInResult>(before, 'payin.submit', { version: 'v2', fields });
  expect(lost.status).toBe('outcome_unknown');
  await before.close();

  const after = await startPaydesk();
  let askedAgain: IpcResult<PayInResult>;
  let row: HistoryRow;
  try {
    askedAgain = (await after.dispatch('payin.askAgain', {
      historyId: lost.historyId,
      card: { cardNumber: fields.cardNumber, cvv: fields.cvv, expDate: fields.expDate },
    })) as IpcResult<PayInResult>;
    row = (await data<{ row: HistoryRow }>(after, 'history.get', { id: lost.historyId })).row;
  } finally {
    await after.close();
  }
  expect(askedAgain).toMatchObject({ ok: false, error: { kind: 'conflict' } });
  expect(askedAgain.ok ? '' : askedAgain.error.message).toMatch(
    /mobile masked.*look order .* up at the gateway/,
  );
  expect(row.status).toBe('outcome_unknown');
  const orders = (await allOrders(gw.sandbox.url, gw.merchantId)).filter(
    (order) => order.merchantTradeNo === lost.merchantTradeNo,
  );
  expect(orders).toHaveLength(1);
});
