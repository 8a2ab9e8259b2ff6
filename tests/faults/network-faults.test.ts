// Fault drill 3, network faults: every fault amount of the sandbox, and a loopback TCP proxy that refuses,
// stalls, cuts the answer in the middle and delays it. Each case must end in the right failure class with
// a message a support agent can read out (no stack, no socket code, and whether money may have moved),
// the gateway must hold what that class promises (no order after not_sent, at most one order after an
// unknown outcome), asking again must settle an unknown outcome without a second charge, and the app must keep
// answering other channels while a pay-in hangs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HistoryRow } from '@shared/history';
import type { ChannelInput, PayInResult } from '@shared/ipc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../src/node/sign';
import {
  type Fixture,
  startFixture,
  type V1Fields,
  v1Fields,
  v2Fields,
} from '../support/app/paydesk-fixture';
import {
  DRILL_PROFILE_ID,
  type DrillGateway,
  drillProfile,
  startDrillGateway,
} from '../support/drills/drill-gateway';
import { filesUnder, scanForSecrets } from '../support/drills/secrets-scan';
import { type MoneyAnswer, supportMessageProblems } from '../support/drills/support-message';
import { kycCsv, kycRecord } from '../support/kyc/generate';
import { kycRecords, ordersByTradeNo } from '../support/sandbox/gateway-inspection';

const REQUEST_TIMEOUT_MS = 2_000;
/** Longer than the profile's request timeout: the 500.02 answer arrives after Paydesk gave up. */
const SLOW_FAULT_MS = 3_000;

let fx: Fixture;
let gw: DrillGateway;
const cardsUsed = new Set<string>();
const cvvsUsed = new Set<string>();

beforeAll(async () => {
  gw = await startDrillGateway({ slowFaultDelayMs: SLOW_FAULT_MS });
  fx = await startFixture();
  await fx.data(
    'profiles.save',
    drillProfile(gw.proxy, { connectTimeoutMs: 1_000, requestTimeoutMs: REQUEST_TIMEOUT_MS }),
  );
  await fx.data('profiles.activate', { id: DRILL_PROFILE_ID });
  await fx.data('secret.set', { profileId: DRILL_PROFILE_ID, secret: gw.secret });
});

afterAll(async () => {
  await fx?.close();
  await gw?.close();
});

function submission(version: 'v1' | 'v2', overrides: Partial<V1Fields> = {}): ChannelInput<'payin.submit'> {
  const made: ChannelInput<'payin.submit'> =
    version === 'v2' ? { version, fields: v2Fields(overrides) } : { version, fields: v1Fields(overrides) };
  cardsUsed.add(made.fields.cardNumber!);
  cvvsUsed.add(made.fields.cvv!);
  return made;
}

async function payIn(version: 'v1' | 'v2', overrides: Partial<V1Fields> = {}) {
  const result = await fx.data('payin.submit', submission(version, overrides));
  return result;
}

async function rowOf(result: PayInResult): Promise<HistoryRow> {
  return (await fx.data('history.get', { id: result.historyId })).row;
}

/** The result, its history row and its recorded error all say `status`, in words a support agent can use. */
async function expectClass(result: PayInResult, status: PayInResult['status'], money: MoneyAnswer) {
  expect(result.status).toBe(status);
  expect(supportMessageProblems(result.message, money), result.message).toEqual([]);
  const row = await rowOf(result);
  expect(row.status).toBe(status);
  if (status === 'outcome_unknown' || status === 'not_sent' || status === 'refused') {
    expect(row.note?.kind).toBe(status);
    expect(supportMessageProblems(row.note?.message, money), row.note?.message).toEqual([]);
  }
}

async function gatewayOrders(result: PayInResult) {
  return ordersByTradeNo(gw.sandbox.url, result.merchantTradeNo);
}

/** Retries an unknown outcome as the operator would, card typed again, and checks it charged once. */
async function askingAgainSettles(result: PayInResult, version: 'v1' | 'v2' = 'v2') {
  await gw.proxy.setMode('pass');
  const again = await fx.data('payin.askAgain', {
    historyId: result.historyId,
    card: { cardNumber: '4242424242424242', cvv: '123', expDate: '12/34' },
  });
  expect(again).toMatchObject({
    historyId: result.historyId,
    merchantTradeNo: result.merchantTradeNo,
    status: 'approved',
  });
  const orders = await gatewayOrders(result);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ status: 'COMPLETED', version });
}

describe('fault amounts', () => {
  beforeAll(() => gw.proxy.setMode('pass'));

  it('500.01, a clean HTTP 500: outcome unknown (a 5xx cannot prove nothing happened), and no order', async () => {
    const result = await payIn('v2', { amount: '500.01' });
    await expectClass(result, 'outcome_unknown', 'maybe');
    expect(result.message).toMatch(/internal error \(HTTP 500\)/);
    expect(await gatewayOrders(result)).toEqual([]);
    const again = await fx.data('payin.askAgain', { historyId: result.historyId });
    expect(again.status).toBe('outcome_unknown');
    expect(await gatewayOrders(result)).toEqual([]);
  });

  it('500.02, an answer later than the timeout: outcome unknown; the order exists; asking again settles it once', async () => {
    const result = await payIn('v2', { amount: '500.02' });
    await expectClass(result, 'outcome_unknown', 'maybe');
    expect(result.message).toMatch(/No answer from the gateway within 2 s/);
    expect(await gatewayOrders(result)).toMatchObject([{ status: 'COMPLETED', fault: 'slow' }]);
    await askingAgainSettles(result);
  });

  it('500.03, an answer that is not JSON: outcome unknown; asking again settles it once', async () => {
    const result = await payIn('v2', { amount: '500.03' });
    await expectClass(result, 'outcome_unknown', 'maybe');
    expect(result.message).toMatch(/could not be read/);
    expect(await gatewayOrders(result)).toHaveLength(1);
    await askingAgainSettles(result);
  });

  it('500.04, the connection closed with no answer: outcome unknown; asked again, v1 is signed again and settles it once', async () => {
    const result = await payIn('v1', { amount: '500.04' });
    await expectClass(result, 'outcome_unknown', 'maybe');
    expect(result.message).toMatch(/connection to the gateway broke/);
    await askingAgainSettles(result, 'v1');
  });
});

describe('a misbehaving network between Paydesk and the gateway', () => {
  it('refused connection: not sent, safe to try again, and the gateway has nothing', async () => {
    await gw.proxy.setMode('refuse');
    const result = await payIn('v2');
    await expectClass(result, 'not_sent', 'none');
    expect(result.message).toMatch(/refused the connection/);
    expect(await gatewayOrders(result)).toEqual([]);
    // Not sent is final: there is nothing to ask again about, and Paydesk says so.
    const asked = await fx.call('payin.askAgain', { historyId: result.historyId });
    expect(asked).toMatchObject({ ok: false, error: { kind: 'conflict' } });
    await gw.proxy.setMode('pass');
  });

  it('stalled request: the app keeps answering meanwhile; then outcome unknown, and asking again charges once', async () => {
    await gw.proxy.setMode('stall');
    const before = gw.proxy.connections.length;
    let settled = false;
    const submitted = payIn('v2', { amount: '31.40' }).then((result) => {
      settled = true;
      return result;
    });
    await gw.proxy.until(
      () => gw.proxy.connections.slice(before).some((connection) => connection.requestComplete),
      'the stalled pay-in request',
    );
    // While the pay-in hangs, other channels answer, and the list shows the attempt as pending.
    const page = await fx.data('history.query', { kind: 'payin', limit: 1 });
    const settings = await fx.data('settings.get');
    const verified = await fx.data('history.verify');
    expect(settled).toBe(false);
    expect(page.rows[0]).toMatchObject({ status: 'pending', amount: '31.40' });
    expect(settings.settings.activeProfileId).toBe(DRILL_PROFILE_ID);
    expect(verified.ok).toBe(true);

    const result = await submitted;
    await expectClass(result, 'outcome_unknown', 'maybe');
    expect(result.message).toMatch(/No answer from the gateway within 2 s/);
    expect(await gatewayOrders(result)).toEqual([]);
    await askingAgainSettles(result);
  });

  it('answer cut in the middle: outcome unknown, the order exists, asking again charges once', async () => {
    await gw.proxy.setMode('cut');
    const result = await payIn('v2');
    await expectClass(result, 'outcome_unknown', 'maybe');
    expect(result.message).toMatch(/connection to the gateway broke/);
    expect(await gatewayOrders(result)).toMatchObject([{ status: 'COMPLETED' }]);
    await askingAgainSettles(result);
  });

  it('answer delayed within the timeout: an ordinary approval', async () => {
    await gw.proxy.setMode('delay', { delayMs: REQUEST_TIMEOUT_MS / 4 });
    const result = await payIn('v2');
    expect(result).toMatchObject({ status: 'approved', message: 'The gateway approved the payment.' });
    expect(await gatewayOrders(result)).toMatchObject([{ status: 'COMPLETED' }]);
    await gw.proxy.setMode('pass');
  });

  it('answer delayed past the timeout: outcome unknown, and asking again charges once', async () => {
    await gw.proxy.setMode('delay', { delayMs: REQUEST_TIMEOUT_MS + 1_000 });
    const result = await payIn('v1');
    await expectClass(result, 'outcome_unknown', 'maybe');
    expect(await gatewayOrders(result)).toHaveLength(1);
    await askingAgainSettles(result, 'v1');
  });
});

describe('the other failure classes, for comparison', () => {
  beforeAll(() => gw.proxy.setMode('pass'));

  it('invalid: a mistyped card is refused before anything is sent, naming the field', async () => {
    const result = await fx.call('payin.submit', submission('v2', { cardNumber: '4242424242424241' }));
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid', field: 'cardNumber' } });
    if (!result.ok) expect(supportMessageProblems(result.error.message, 'plain')).toEqual([]);
  });

  it('refused: a gateway refusal says nothing was charged', async () => {
    await fx.data('secret.set', { profileId: DRILL_PROFILE_ID, secret: 'not-the-merchant-secret' });
    try {
      const result = await payIn('v1');
      await expectClass(result, 'refused', 'none');
      expect(result.message).toMatch(/code 90751002/);
      expect(await gatewayOrders(result)).toEqual([]);
    } finally {
      await fx.data('secret.set', { profileId: DRILL_PROFILE_ID, secret: gw.secret });
    }
  });

  it('declined: the bank said no, and says why', async () => {
    const result = await payIn('v2', { cardNumber: '4000000000009995' });
    await expectClass(result, 'declined', 'declined');
    expect(result.message).toMatch(/Insufficient funds/);
  });
});

describe('a KYC chunk through a misbehaving network', () => {
  const records = Array.from({ length: 3 }, (_, i) => ({
    ...kycRecord(i),
    userId: `net-${process.pid}-${i}`,
  }));
  const open = () =>
    fx.data('kyc.open', {
      fileName: 'network.csv',
      bytes: Buffer.from(kycCsv(records)).toString('base64'),
    });

  it('refused connection: not sent, nothing left; answer cut: of unknown outcome, may have been accepted; resent once it works', async () => {
    const summary = await open();
    await gw.proxy.setMode('refuse');
    const refusedRun = await fx.data('kyc.submit', { batchId: summary.batchId });
    expect(refusedRun.chunks).toMatchObject([{ state: 'not_sent' }]);
    expect(refusedRun).toMatchObject({ notSentRecords: 3, unknownRecords: 0, acceptedRecords: 0 });
    expect(supportMessageProblems(refusedRun.chunks[0]!.msg, 'none'), refusedRun.chunks[0]!.msg).toEqual([]);

    await gw.proxy.setMode('cut');
    const cutRun = await fx.data('kyc.submit', { batchId: summary.batchId });
    expect(cutRun.chunks).toMatchObject([{ state: 'outcome_unknown' }]);
    expect(supportMessageProblems(cutRun.chunks[0]!.msg, 'maybe'), cutRun.chunks[0]!.msg).toEqual([]);
    const held = await kycRecords(gw.sandbox.url, gw.merchantId);
    expect(held.map((record) => record.userId).sort()).toEqual(records.map((record) => record.userId).sort());

    await gw.proxy.setMode('pass');
    const resent = await fx.data('kyc.submit', { batchId: summary.batchId });
    expect(resent.chunks).toMatchObject([{ state: 'accepted', count: 3 }]);
  });
});

/**
 * The brute-force view: for every v1 pay-in in history, the sign it was sent with, computed as an
 * attacker holding the merchant secret would for each candidate card (here, the cards the drill used).
 * None may be found at rest: each would give its card back.
 */
function v1SignsOfHistory(): { label: string; value: string }[] {
  const signs: { label: string; value: string }[] = [];
  const rows = fx.paydesk.history.query({ kind: 'payin', limit: 500 }).rows;
  for (const row of rows) {
    if (row.kind !== 'payin' || row.apiVersion !== 'v1') continue;
    const { sign: _stored, ...stored } = JSON.parse(row.request) as Record<string, string>;
    for (const cardNumber of cardsUsed) {
      for (const cvv of cvvsUsed) {
        const body = { ...stored, cardNumber, cvv };
        signs.push({
          label: `v1 sign of ${row.merchantTradeNo} (card data by brute force)`,
          value: signBody(body, gw.secret, 'hmac-sha256'),
        });
      }
    }
  }
  expect(signs.length).toBeGreaterThan(0);
  return signs;
}

describe('secrets at rest after the network drills', () => {
  it('no full card number, CVV or merchant secret in the history file, its WAL, the log or the settings', () => {
    const settingsFile = join(fx.dataDir, 'settings.json');
    writeFileSync(settingsFile, fx.store.dump());
    const files = filesUnder(fx.dataDir);
    expect(files.some((file) => file.endsWith('history.sqlite'))).toBe(true);
    const scan = scanForSecrets(
      files,
      {
        cardNumbers: cardsUsed,
        cvvs: cvvsUsed,
        merchantSecrets: [gw.secret],
        keyedHashes: v1SignsOfHistory(),
      },
      fx.dataDir,
    );
    expect(scan.findings).toEqual([]);
    // The scan looked where card data is: the masked numbers are there.
    const masked = [...scan.maskedSeen.values()].reduce((total, seen) => total + seen.size, 0);
    expect(masked).toBeGreaterThan(0);
  });
});
