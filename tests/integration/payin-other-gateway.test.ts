// Paydesk against a gateway it was not written with: the interface-only double in tests/support/doubles, which
// answers in every odd but legal way. One row per answer shape: what status the pay-in gets, what the
// agent is told, whether the duplicate guard counts it, and what a later signed callback does to it.
// The invariant over every row: "nothing was charged" only where the interface proves no order exists.

import type { HistoryRow } from '@shared/history';
import type { IpcResult, PayInResult } from '@shared/ipc';
import { MAY_HAVE_CHARGED, type PayInStatus } from '@shared/payin-lifecycle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activateTestGateway,
  type Fixture,
  startFixture,
  type V2Fields,
  v2Fields,
} from '../support/app/paydesk-fixture';
import {
  envelope,
  type InterfaceGateway,
  type PayInShape,
  payIn,
  startInterfaceGateway,
} from '../support/doubles/interface-gateway';

const MERCHANT_ID = 555001;
const SECRET = 'other-vendor-secret';
const REQUEST_TIMEOUT_MS = 1_500;

let gw: InterfaceGateway;
let fx: Fixture;
let cardSeq = 0;

/** Cards that pass Luhn and differ per row, so that no row trips another row's duplicate guard. */
const CARDS = [
  '4242424242424242',
  '5555555555554444',
  '4111111111111111',
  '5105105105105100',
  '6011111111111117',
];

beforeAll(async () => {
  gw = await startInterfaceGateway({
    merchantId: MERCHANT_ID,
    secret: SECRET,
    basePath: '/gw/v3',
    idempotency: 'replay',
  });
  fx = await startFixture();
  await activateTestGateway(
    fx,
    { id: 'other', name: 'Other vendor', url: gw.url, merchantId: MERCHANT_ID, secret: SECRET },
    { connectTimeoutMs: 1_000, requestTimeoutMs: REQUEST_TIMEOUT_MS },
  );
});

afterAll(async () => {
  await fx?.close();
  await gw?.close();
});

function fieldsForRow(overrides: Partial<V2Fields> = {}): V2Fields {
  cardSeq += 1;
  return v2Fields({ cardNumber: CARDS[cardSeq % CARDS.length]!, amount: `${20 + cardSeq}.00`, ...overrides });
}

async function submit(fields: V2Fields): Promise<IpcResult<PayInResult>> {
  return (await fx.call('payin.submit', { version: 'v2', fields })) as IpcResult<PayInResult>;
}

function rowOf(historyId: number): HistoryRow & { kind: 'payin' } {
  const row = fx.paydesk.history.getById(historyId);
  if (row?.kind !== 'payin') throw new Error(`no pay-in ${historyId}`);
  return row;
}

async function notify(merchantTradeNo: string, outcome: 'approved' | 'declined', extra: object = {}) {
  return gw.notify(merchantTradeNo, { outcome, url: `${fx.paydesk.listener.origin}/callback`, ...extra });
}

/** A lying gateway: refuses with one of the interface family's pre-order codes, yet charged the card. */
const refusedButCharged: PayInShape = (ctx) => {
  ctx.createOrder('approved');
  return { httpStatus: 200, body: envelope(ctx, 90751001, 'mobile: Digits only.', null) };
};

/** A pre-order refusal of the interface's family (A6), no order behind it. */
const preOrderRefusal: PayInShape = (ctx) => ({
  httpStatus: 200,
  body: envelope(ctx, 90751001, 'mobile: Digits only.', null),
});

type Row = {
  shape: PayInShape;
  status: PayInStatus;
  /** What the agent reads (the result's message). */
  told?: RegExp;
  /** A later signed callback (when the double holds an order) and the status it leads to. */
  callback?: { outcome: 'approved' | 'declined'; after: PayInStatus };
};

const ROWS: Record<string, Row> = {
  'HTTP 200, code 10000 SUCCESS, orderStatus COMPLETED': {
    shape: payIn.approvedCode10000(),
    status: 'approved',
    callback: { outcome: 'declined', after: 'conflict' },
  },
  'v2 without code, orderStatus COMPLETED': {
    shape: payIn.approvedWithoutCode(),
    status: 'approved',
    callback: { outcome: 'approved', after: 'approved' },
  },
  'text status "Approved" only': { shape: payIn.textStatus({ text: 'Approved' }), status: 'approved' },
  'approved JSON labelled text/plain': { shape: payIn.approvedAsTextPlain(), status: 'approved' },
  'approved with unknown fields everywhere': { shape: payIn.approvedWithExtraFields(), status: 'approved' },
  'approved without traceid': { shape: payIn.approvedWithoutTraceid(), status: 'approved' },
  'HTTP 409 whose body says COMPLETED': {
    shape: payIn.completedInNon2xx(),
    status: 'approved',
    callback: { outcome: 'declined', after: 'conflict' },
  },
  'HTTP 500 whose body says COMPLETED': {
    shape: payIn.completedInNon2xx({ httpStatus: 500 }),
    status: 'approved',
  },
  'HTTP 200, code 20001, orderStatus PROCESSING': {
    shape: payIn.processing20001(),
    status: 'processing',
    told: /not decided yet/,
    callback: { outcome: 'approved', after: 'approved' },
  },
  'code 0, PROCESSING, nothing to show': {
    shape: payIn.processingNothingToShow(),
    status: 'processing',
    callback: { outcome: 'declined', after: 'declined' },
  },
  '3-D Secure HTML in data.htmlSource': {
    shape: payIn.threeDsHtmlSource(),
    status: 'action_required',
    callback: { outcome: 'approved', after: 'approved' },
  },
  '3-D Secure HTML in the deprecated data.pageData only': {
    shape: payIn.threeDsPageDataOnly(),
    status: 'action_required',
  },
  'hosted payment page in data.redirectURL': { shape: payIn.redirectUrl(), status: 'action_required' },
  'declined, code 0, with a remark': {
    shape: payIn.declinedNonZeroCode({ code: 0, remark: 'Insufficient funds' }),
    status: 'declined',
    told: /declined: Insufficient funds/,
    callback: { outcome: 'approved', after: 'conflict' },
  },
  'declined with a non-zero code': { shape: payIn.declinedNonZeroCode(), status: 'declined' },
  'declined under HTTP 402': { shape: payIn.declinedHttp(), status: 'declined' },
  'declined under HTTP 409': { shape: payIn.declinedHttp({ httpStatus: 409 }), status: 'declined' },
  'orderStatus COMPLETED with status "DECLINED": contradicts itself': {
    shape: payIn.approvedButTextDeclined(),
    status: 'outcome_unknown',
    told: /contradicts itself.*may have gone through/,
    callback: { outcome: 'approved', after: 'approved' },
  },
  'an unknown orderStatus (7) with an orderId': {
    shape: payIn.unknownOrderStatus(),
    status: 'outcome_unknown',
    told: /order status 7/,
    callback: { outcome: 'approved', after: 'approved' },
  },
  'HTTP 200, unknown code 50000, data null, "system busy"': {
    shape: payIn.busy50000({ behind: 'approved' }),
    status: 'outcome_unknown',
    told: /system busy.*may have gone through/,
    callback: { outcome: 'approved', after: 'approved' },
  },
  'HTTP 200, code 90759999, data null': {
    shape: payIn.systemError90759999({ behind: 'approved' }),
    status: 'outcome_unknown',
    callback: { outcome: 'approved', after: 'approved' },
  },
  'HTTP 500, code 90759999, data null': {
    shape: payIn.systemError90759999({ httpStatus: 500, behind: 'declined' }),
    status: 'outcome_unknown',
    told: /internal error \(HTTP 500\)/,
    callback: { outcome: 'declined', after: 'declined' },
  },
  'the generic failure 90751019': {
    shape: payIn.generic90751019({ behind: 'approved' }),
    status: 'outcome_unknown',
  },
  "another vendor's validation refusal (a code Paydesk does not know)": {
    shape: payIn.validationRefusal(),
    status: 'outcome_unknown',
  },
  'a pre-order refusal of the interface family (90751001, data null)': {
    shape: preOrderRefusal,
    status: 'refused',
    told: /before creating an order.*Nothing was charged/,
  },
  'a pre-order refusal code, yet the gateway charged': {
    shape: refusedButCharged,
    status: 'refused',
    callback: { outcome: 'approved', after: 'conflict' },
  },
  'an HTML 502 from a proxy': {
    shape: payIn.proxyHtml502({ behind: 'approved' }),
    status: 'outcome_unknown',
    callback: { outcome: 'approved', after: 'approved' },
  },
  'HTTP 200 with an empty body': {
    shape: payIn.emptyBody({ behind: 'approved' }),
    status: 'outcome_unknown',
  },
  'the order made, then the connection closed with no answer': {
    shape: payIn.closeAfterProcessing(payIn.approvedCode0()),
    status: 'outcome_unknown',
    told: /broke after the request was sent/,
    callback: { outcome: 'approved', after: 'approved' },
  },
  'half an answer, then the connection closed': {
    shape: payIn.truncated(payIn.approvedCode0()),
    status: 'outcome_unknown',
  },
  'an answer later than the timeout': {
    shape: payIn.delayed(REQUEST_TIMEOUT_MS + 1_000, payIn.approvedCode0()),
    status: 'outcome_unknown',
    told: /No answer from the gateway within 1\.5 s/,
    callback: { outcome: 'approved', after: 'approved' },
  },
};

describe('every odd but legal answer of another gateway', () => {
  it.each(Object.entries(ROWS))('%s', async (_name, row) => {
    gw.clearScripts();
    gw.scriptPayIn(row.shape, { times: 1 });
    const fields = fieldsForRow();
    const sent = await submit(fields);
    if (!sent.ok) throw new Error(`${sent.error.kind}: ${sent.error.message}`);
    const result = sent.data;

    // The status, and what the agent is told.
    expect(result.status).toBe(row.status);
    expect(rowOf(result.historyId).status).toBe(row.status);
    const told = result.message ?? '';
    if (row.told) expect(told).toMatch(row.told);
    if (!['refused', 'not_sent', 'declined'].includes(row.status)) {
      expect(told).not.toMatch(/nothing was charged/i);
    }
    if (row.status === 'outcome_unknown') expect(told).toMatch(/may have gone through/);

    // The duplicate guard counts every pay-in that may have charged.
    const again = await submit(fields);
    if (MAY_HAVE_CHARGED.has(row.status)) {
      expect(again).toMatchObject({ ok: false, error: { kind: 'duplicate_suspected' } });
    } else {
      expect(again.ok).toBe(true);
    }

    // A later signed callback: the gateway's word settles an open pay-in, contradicts a settled one.
    if (row.callback) {
      const delivered = await notify(result.merchantTradeNo, row.callback.outcome);
      expect(delivered.status).toBe(200);
      const after = rowOf(result.historyId);
      expect(after.status).toBe(row.callback.after);
      if (row.callback.after === 'conflict') {
        expect(after.note?.message).toMatch(/Check the order with the gateway before doing anything/);
      }
      const trail = fx.paydesk.history.auditTrail(result.historyId);
      expect(trail.at(-1)).toMatchObject({ event: 'payin.callback', operator: 'system' });
    }
  });
});

describe('asking again with the same order number', () => {
  it('where the gateway replays orders, its answer settles an unknown outcome', async () => {
    gw.setIdempotency('replay');
    gw.scriptPayIn(payIn.closeAfterProcessing(payIn.approvedCode0()), { times: 1 });
    const lost = await fx.data('payin.submit', { version: 'v2', fields: fieldsForRow() });
    expect(lost.status).toBe('outcome_unknown');
    const asked = await fx.data('payin.askAgain', { historyId: lost.historyId });
    expect(asked.status).toBe('approved');
    expect(gw.orders.get(lost.merchantTradeNo)?.timesCharged).toBe(1);
  });

  it('where it refuses a repeated order number, the pay-in stays open and says so', async () => {
    gw.setIdempotency('refuse-duplicate');
    try {
      gw.scriptPayIn(payIn.closeAfterProcessing(payIn.approvedCode0()), { times: 1 });
      const lost = await fx.data('payin.submit', { version: 'v2', fields: fieldsForRow() });
      const asked = await fx.data('payin.askAgain', { historyId: lost.historyId });
      expect(asked.status).toBe('outcome_unknown');
      expect(asked.message).toMatch(
        /Asked the gateway again with order number .*outcome is still open: look the order up/,
      );
      expect(asked.message).not.toMatch(/nothing was charged/i);
      expect(gw.orders.get(lost.merchantTradeNo)?.timesCharged).toBe(1);
    } finally {
      gw.setIdempotency('replay');
    }
  });
});

describe('callbacks', () => {
  async function approvedPayIn(): Promise<PayInResult> {
    gw.scriptPayIn(payIn.approvedCode0(), { times: 1 });
    return fx.data('payin.submit', { version: 'v2', fields: fieldsForRow() });
  }

  it('a notification signed with another secret is refused and changes nothing', async () => {
    const paid = await approvedPayIn();
    const trailBefore = fx.paydesk.history.auditTrail(paid.historyId).length;
    const forged = await notify(paid.merchantTradeNo, 'declined', {
      sign: 'wrong-secret',
      updateOrder: false,
    });
    expect(forged.status).toBe(401);
    expect(rowOf(paid.historyId).status).toBe('approved');
    expect(fx.paydesk.history.auditTrail(paid.historyId)).toHaveLength(trailBefore);
  });

  it('the same notification twice: one word, both audited', async () => {
    gw.scriptPayIn(payIn.processingNothingToShow(), { times: 1 });
    const open = await fx.data('payin.submit', { version: 'v2', fields: fieldsForRow() });
    const delivered = await notify(open.merchantTradeNo, 'approved', { repeat: 2 });
    expect(delivered.deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(rowOf(open.historyId).status).toBe('approved');
    const callbacks = fx.paydesk.history
      .auditTrail(open.historyId)
      .filter((entry) => entry.event === 'payin.callback');
    expect(callbacks.map((entry) => entry.detail.decided)).toEqual(['approved', 'approved']);
  });

  it('a signed notification for another amount is a conflict, never a silent approval', async () => {
    gw.scriptPayIn(payIn.processingNothingToShow(), { times: 1 });
    const open = await fx.data('payin.submit', { version: 'v2', fields: fieldsForRow() });
    await notify(open.merchantTradeNo, 'approved', { fields: { amount: '999.00' }, updateOrder: false });
    const row = rowOf(open.historyId);
    expect(row.status).toBe('conflict');
    expect(row.note?.message).toMatch(/the amount 999\.00, where this pay-in is for/);
  });

  it('a notification for an order Paydesk never sent is audited and answered 404', async () => {
    const answer = await gw.notifyUnknownOrder(`${fx.paydesk.listener.origin}/callback`, {
      outcome: 'approved',
    });
    expect(answer.status).toBe(404);
  });
});

describe('a bank page address Paydesk does not open', () => {
  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<p>x</p>',
    'chrome://gpu',
    'http://acs.example/',
  ])(
    '%s: the pay-in waits for the bank, and no window or frame is given the address',
    async (redirectURL) => {
      gw.clearScripts();
      gw.scriptPayIn(
        (ctx) => {
          const attempt = ctx.createOrder('processing');
          return {
            httpStatus: 200,
            body: envelope(ctx, 0, 'success', { orderId: attempt.orderId, orderStatus: 1, redirectURL }),
          };
        },
        { times: 1 },
      );
      const result = await fx.data('payin.submit', { version: 'v2', fields: fieldsForRow() });
      expect(result.status).toBe('action_required');
      expect(result.bankPage).toBeUndefined();
      expect(result.message).toMatch(/address Paydesk does not open.*check the order with the gateway/);
    },
  );
});

describe('the browser coming back from the bank page', () => {
  it('an unsigned return never settles: the pay-in awaits the signed word, which then decides', async () => {
    gw.scriptPayIn(payIn.threeDsHtmlSource(), { times: 1 });
    const started = await fx.data('payin.submit', { version: 'v2', fields: fieldsForRow() });
    expect(started.status).toBe('action_required');
    const { retURL, successURL } = JSON.parse(rowOf(started.historyId).request) as Record<string, string>;
    // Anyone on this machine can send this: it claims success, for a card whose 3-D Secure fails.
    const back = await fetch(`${successURL}?status=COMPLETED&orderId=x`);
    expect(back.status).toBe(200);
    const waiting = rowOf(started.historyId);
    expect(waiting.status).toBe('awaiting_confirmation');
    expect(waiting.note?.message).toMatch(
      /has not confirmed the result yet.*"COMPLETED", but that is not proof/,
    );
    // The duplicate guard still counts it; a second return is not heard.
    expect((await fetch(`${retURL}?status=COMPLETED`)).status).toBe(410);
    // The gateway's signed word: declined. It decides.
    await notify(started.merchantTradeNo, 'declined', { remark: '3-D Secure authentication failed' });
    const settled = rowOf(started.historyId);
    expect(settled).toMatchObject({ status: 'declined', remark: '3-D Secure authentication failed' });
    // The route expired with the pay-in: a late return changes nothing.
    expect((await fetch(`${retURL}?status=COMPLETED`)).status).toBe(410);
    expect(rowOf(started.historyId).status).toBe('declined');
  });

  it('without a callback, asking again is offered and the replayed order settles it', async () => {
    gw.scriptPayIn(payIn.threeDsHtmlSource(), { times: 1 });
    const started = await fx.data('payin.submit', { version: 'v2', fields: fieldsForRow() });
    const { retURL } = JSON.parse(rowOf(started.historyId).request) as Record<string, string>;
    gw.finish(started.merchantTradeNo, 'approved');
    await fetch(retURL!);
    expect(rowOf(started.historyId).status).toBe('awaiting_confirmation');
    // A gateway that replays its first answer ("here is the bank page") tells nothing new.
    const stale = await fx.data('payin.askAgain', { historyId: started.historyId });
    expect(stale.status).toBe('awaiting_confirmation');
    expect(stale.message).toMatch(/Asked the gateway again .*did not settle it/);
    // One that reports the order as it is now settles it.
    gw.setIdempotency('report-current');
    try {
      const asked = await fx.data('payin.askAgain', { historyId: started.historyId });
      expect(asked.status).toBe('approved');
      expect(gw.orders.get(started.merchantTradeNo)?.timesCharged).toBe(1);
    } finally {
      gw.setIdempotency('replay');
    }
  });
});
