// The catalogue of answer shapes: "odd but legal" readings of the interface
// (docs/gateway-interface.md). Each entry is a factory returning a shape, i.e. a function of the
// request context that creates exactly the order the answer implies (ctx.createOrder / ctx.accept) and
// returns the Answer. Use with gateway.scriptPayIn(payIn.x()) / gateway.scriptKyc(kyc.y()).
//
// "§" refers to sections of the interface document.
import { acquirerHtml, PROXY_502_HTML } from './pages';
import type {
  Answer,
  Attempt,
  Fault,
  JsonObject,
  KycContext,
  KycShape,
  OrderState,
  PayInContext,
  PayInShape,
  ShapeContext,
} from './types';
import { REFUSAL } from './validate';

// ---------------------------------------------------------------------------------------------------
// Building blocks

export function envelope(
  ctx: Pick<ShapeContext, 'traceid'>,
  code: number | null,
  msg: string,
  data: JsonObject | null,
): JsonObject {
  const body: JsonObject = {};
  if (code !== null) body.code = code;
  body.msg = msg;
  body.traceid = ctx.traceid;
  body.data = data;
  return body;
}

export function statusText(state: OrderState): string {
  return state === 'approved' ? 'COMPLETED' : state === 'processing' ? 'PROCESSING' : 'DECLINED';
}

/** data of an answer about an attempt: orderId, orderStatus (unless numeric: false), remark when there
 * is one, ccStorageID when one was issued (§4 rule 4), then `extra`. */
function orderData(attempt: Attempt, extra: JsonObject = {}, numeric = true): JsonObject {
  const data: JsonObject = { orderId: attempt.orderId };
  if (numeric) data.orderStatus = attempt.orderStatus;
  if (attempt.remark !== '') data.remark = attempt.remark;
  if (attempt.ccStorageID !== undefined) data.ccStorageID = attempt.ccStorageID;
  return { ...data, ...extra };
}

function refusal(ctx: ShapeContext, code: number, msg: string, httpStatus = 200): Answer {
  return { httpStatus, body: envelope(ctx, code, msg, null) };
}

/** Creates the order an error answer hides, when asked to. */
function hidden(ctx: PayInContext, behind: OrderState | undefined): void {
  if (behind !== undefined) ctx.createOrder(behind);
}

interface BehindOption {
  /** An order is created with this truth although the answer does not show it (default: no order). */
  behind?: OrderState;
}

// ---------------------------------------------------------------------------------------------------
// Modifiers (work for pay-in and KYC shapes)

type Shape<C extends ShapeContext> = (ctx: C) => Answer | undefined;

function mapAnswer<C extends ShapeContext>(shape: Shape<C>, f: (a: Answer) => Answer): Shape<C> {
  return (ctx) => {
    const answer = shape(ctx);
    return answer === undefined ? undefined : f(answer);
  };
}

/** Unknown fields at the top level, in `data` and nested: a reader must ignore what it does not know
 * (the interface lists fields, it does not forbid others). */
function withExtraFields<C extends ShapeContext>(shape: Shape<C>): Shape<C> {
  return mapAnswer(shape, (a) => {
    if (typeof a.body === 'string') return a;
    const body: JsonObject = {
      serverTime: 1_893_456_000_000,
      apiVersion: '2.7.1',
      meta: { region: 'eu-1', tags: ['pwpp', 'h2h'], nested: { level: 2, empty: null } },
      ...a.body,
    };
    const data = body.data;
    if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
      body.data = {
        settlementDate: '2030-01-31',
        card: { bin: '400000', last4: '0000', brand: 'VISA' },
        fees: [{ type: 'mdr', amount: '0.35' }],
        note: null,
        ...data,
      };
    }
    return { ...a, body };
  });
}

/** DEVIATION, not legal: §7 rule 1 says every response carries traceid. Kept because a client must not
 * need traceid to decide about money. */
function withoutTraceid<C extends ShapeContext>(shape: Shape<C>): Shape<C> {
  return mapAnswer(shape, (a) => {
    if (typeof a.body === 'string') return a;
    const { traceid: _dropped, ...rest } = a.body;
    return { ...a, body: rest };
  });
}

/** JSON text labelled text/plain: §4 says "JSON per 2.3" about the body, nothing about the header. */
function asTextPlain<C extends ShapeContext>(shape: Shape<C>): Shape<C> {
  return mapAnswer(shape, (a) => ({ ...a, contentType: 'text/plain; charset=utf-8' }));
}

export function withHttpStatus<C extends ShapeContext>(shape: Shape<C>, httpStatus: number): Shape<C> {
  return mapAnswer(shape, (a) => ({ ...a, httpStatus }));
}

function withFault<C extends ShapeContext>(shape: Shape<C>, fault: Fault): Shape<C> {
  return mapAnswer(shape, (a) => ({ ...a, fault }));
}

// ---------------------------------------------------------------------------------------------------
// Pay-in shapes

interface TextStatusOptions {
  /** Default 'COMPLETED'. Its truth: COMPLETED/Approved → approved, PROCESSING → processing,
   * DECLINED/Declined → declined (case-insensitive); anything else needs `truth`. */
  text?: string;
  /** Also send the numeric data.orderStatus. Default false. */
  numeric?: boolean;
  /** Where the text goes: in `data` (default) or at the top level. */
  where?: 'data' | 'top';
  /** Name of the text field. Default 'status'. */
  name?: string;
  truth?: OrderState;
}

function truthOfText(text: string, truth: OrderState | undefined): OrderState {
  if (truth) return truth;
  const t = text.toLowerCase();
  if (t === 'completed' || t === 'approved') return 'approved';
  if (t === 'processing') return 'processing';
  if (t === 'declined') return 'declined';
  throw new Error(`textStatus: give a truth for the text ${JSON.stringify(text)}`);
}

function textStatus(o: TextStatusOptions = {}): PayInShape {
  const text = o.text ?? 'COMPLETED';
  const state = truthOfText(text, o.truth);
  const name = o.name ?? 'status';
  return (ctx) => {
    const a = ctx.createOrder(state);
    const data = orderData(a, o.where === 'top' ? {} : { [name]: text }, o.numeric ?? false);
    const body = envelope(ctx, 0, 'success', data);
    if (o.where === 'top') body[name] = text;
    return { httpStatus: 200, body };
  };
}

function approvedCode0(o: { statusText?: string } = {}): PayInShape {
  return (ctx) => {
    const a = ctx.createOrder('approved');
    const extra: JsonObject = o.statusText === undefined ? {} : { status: o.statusText };
    return { httpStatus: 200, body: envelope(ctx, 0, 'success', orderData(a, extra)) };
  };
}

function processingNothingToShow(o: { statusText?: string } = {}): PayInShape {
  return (ctx) => {
    const a = ctx.createOrder('processing');
    const extra: JsonObject = o.statusText === undefined ? {} : { status: o.statusText };
    return { httpStatus: 200, body: envelope(ctx, 0, 'success', orderData(a, extra)) };
  };
}

function declinedCode0(o: { remark?: string; statusText?: string } = {}): PayInShape {
  return (ctx) => {
    const a = ctx.createOrder('declined', { remark: o.remark ?? 'Insufficient funds' });
    const extra: JsonObject = o.statusText === undefined ? {} : { status: o.statusText };
    return { httpStatus: 200, body: envelope(ctx, 0, 'success', orderData(a, extra)) };
  };
}

function threeDsHtmlSource(o: { pageData?: boolean; statusText?: string } = {}): PayInShape {
  return (ctx) => {
    const a = ctx.createOrder('processing');
    const html = acquirerHtml(ctx.pageUrl(a.orderId), a.orderId);
    const extra: JsonObject = { htmlSource: html };
    if (o.pageData) extra.pageData = html;
    if (o.statusText !== undefined) extra.status = o.statusText;
    return { httpStatus: 200, body: envelope(ctx, 0, 'success', orderData(a, extra)) };
  };
}

function redirectUrl(o: { statusText?: string } = {}): PayInShape {
  return (ctx) => {
    const a = ctx.createOrder('processing');
    const extra: JsonObject = { redirectURL: ctx.pageUrl(a.orderId) };
    if (o.statusText !== undefined) extra.status = o.statusText;
    return { httpStatus: 200, body: envelope(ctx, 0, 'success', orderData(a, extra)) };
  };
}

export const payIn = {
  /** The plain vendor's own answer (see the README): legal by construction. */
  plain: (): PayInShape => (ctx) => ctx.defaultAnswer(),

  // --- approved -------------------------------------------------------------------------------------
  /** code 0 + data.orderStatus COMPLETED: §2.3 lists code and orderStatus; the success code is not shown. */
  approvedCode0,
  /** code 10000 msg "SUCCESS": the pay-in success code is not shown (only KYC's 0 is, §2.5). */
  approvedCode10000: (): PayInShape => (ctx) => {
    const a = ctx.createOrder('approved');
    return { httpStatus: 200, body: envelope(ctx, 10000, 'SUCCESS', orderData(a)) };
  },
  /** No `code` at all: §2.3 says the v2 field list omits it (legal for v2; on v1 `code` is listed). */
  approvedWithoutCode: (): PayInShape => (ctx) => {
    const a = ctx.createOrder('approved');
    return { httpStatus: 200, body: envelope(ctx, null, 'success', orderData(a)) };
  },
  /** A text status ("COMPLETED", "PROCESSING", "Approved"…) with or without the numeric one: §2.3 says
   * v2 carries PROCESSING/COMPLETED in a field that "is not listed". */
  textStatus,
  /** Approved, with unknown fields everywhere: extra fields are not forbidden. */
  approvedWithExtraFields: (): PayInShape => withExtraFields(approvedCode0()),
  /** Approved JSON labelled text/plain: §4 describes the body, not the header. */
  approvedAsTextPlain: (): PayInShape => asTextPlain(approvedCode0()),
  /** Approved without traceid — a deviation from §7 rule 1 (see withoutTraceid). */
  approvedWithoutTraceid: (): PayInShape => withoutTraceid(approvedCode0()),
  /** storeCc=1 answered with data.ccStorageID on an approval (§4 rule 4); the other order shapes add it
   * too whenever the request asked storeCc=1. */
  approvedStoredCard: (): PayInShape => approvedCode0(),

  // --- processing -----------------------------------------------------------------------------------
  /** code 20001 + orderStatus PROCESSING: codes other than KYC's 0 are not shown; PROCESSING is a
   * named state (§3). */
  processing20001: (): PayInShape => (ctx) => {
    const a = ctx.createOrder('processing');
    return { httpStatus: 200, body: envelope(ctx, 20001, 'PROCESSING', orderData(a)) };
  },
  /** code 0, PROCESSING, no HTML and no redirectURL: the final result comes only by callback (§6). */
  processingNothingToShow,

  // --- 3DS ------------------------------------------------------------------------------------------
  /** data.htmlSource: a form that posts itself to the double's ACS page (§2.3: "the merchant renders
   * it"); PROCESSING. Option pageData: also the deprecated copy. */
  threeDsHtmlSource,
  /** Only the deprecated data.pageData (§2.3: deprecated, not removed; "a v1 success response can
   * return the original HTML data"); PROCESSING. */
  threeDsPageDataOnly: (): PayInShape => (ctx) => {
    const a = ctx.createOrder('processing');
    const html = acquirerHtml(ctx.pageUrl(a.orderId), a.orderId);
    return { httpStatus: 200, body: envelope(ctx, 0, 'success', orderData(a, { pageData: html })) };
  },
  /** data.redirectURL to the double's hosted page (§4 rules 2–3, txMode redirection); PROCESSING. */
  redirectUrl,

  // --- declined -------------------------------------------------------------------------------------
  /** code 0, orderStatus 15 + remark: §7 rule 3 (a decline is reported through orderStatus). */
  declinedCode0,
  /** A non-zero code with orderStatus 15 + remark: codes and their conditions are not shown (§7). */
  declinedNonZeroCode:
    (o: { code?: number; remark?: string } = {}): PayInShape =>
    (ctx) => {
      const a = ctx.createOrder('declined', { remark: o.remark ?? 'Do not honor' });
      return { httpStatus: 200, body: envelope(ctx, o.code ?? 90755001, 'declined', orderData(a)) };
    },
  /** A decline under HTTP 402 (default) or 409: "HTTP status codes used: not shown" (§7). */
  declinedHttp:
    (o: { httpStatus?: number; code?: number; remark?: string } = {}): PayInShape =>
    (ctx) => {
      const a = ctx.createOrder('declined', { remark: o.remark ?? 'Card declined by issuer' });
      return { httpStatus: o.httpStatus ?? 402, body: envelope(ctx, o.code ?? 0, 'declined', orderData(a)) };
    },

  // --- a completed order under a non-2xx status ------------------------------------------------------
  /** HTTP 409 (default) or 500 whose body says the order is COMPLETED (truth: approved): HTTP statuses
   * are not shown, the body is the same JSON per 2.3. */
  completedInNon2xx:
    (o: { httpStatus?: number; code?: number; msg?: string } = {}): PayInShape =>
    (ctx) => {
      const httpStatus = o.httpStatus ?? 409;
      const code = o.code ?? (httpStatus === 409 ? REFUSAL.duplicate : REFUSAL.systemError);
      const msg = o.msg ?? (httpStatus === 409 ? 'order already completed' : 'internal error');
      const a = ctx.createOrder('approved');
      return { httpStatus, body: envelope(ctx, code, msg, orderData(a)) };
    },

  // --- self-contradicting / unknown -----------------------------------------------------------------
  /** numeric COMPLETED + text "DECLINED" (truth default approved): the text field is not listed, so
   * nothing says which one rules. */
  approvedButTextDeclined:
    (o: { truth?: OrderState } = {}): PayInShape =>
    (ctx) => {
      const a = ctx.createOrder(o.truth ?? 'approved', { orderStatus: ctx.codes.completed });
      return { httpStatus: 200, body: envelope(ctx, 0, 'success', orderData(a, { status: 'DECLINED' })) };
    },
  /** orderStatus 7 (default) with an orderId: "numeric values of other statuses: not shown" (§2.3).
   * The double's truth defaults to approved (the costly case for a client that re-charges). */
  unknownOrderStatus:
    (o: { value?: number; truth?: OrderState } = {}): PayInShape =>
    (ctx) => {
      const a = ctx.createOrder(o.truth ?? 'approved', { orderStatus: o.value ?? 7 });
      return { httpStatus: 200, body: envelope(ctx, 0, 'success', orderData(a)) };
    },

  // --- errors without an order (unless `behind`) ----------------------------------------------------
  /** code 50000, data null, "system busy, check the order later": error codes are not shown (§7). */
  busy50000:
    (o: BehindOption = {}): PayInShape =>
    (ctx) => {
      hidden(ctx, o.behind);
      return refusal(ctx, 50000, 'system busy, check the order later');
    },
  /** code 90759999 under HTTP 200 (default) or 500: codes and HTTP statuses are not shown. */
  systemError90759999:
    (o: BehindOption & { httpStatus?: number } = {}): PayInShape =>
    (ctx) => {
      hidden(ctx, o.behind);
      return refusal(ctx, REFUSAL.systemError, 'system error', o.httpStatus ?? 200);
    },
  /** code 90751019 with a generic message: the one failure code shown (§7 rule 2). */
  generic90751019:
    (o: BehindOption & { httpStatus?: number } = {}): PayInShape =>
    (ctx) => {
      hidden(ctx, o.behind);
      return refusal(ctx, REFUSAL.generic, 'request failed', o.httpStatus ?? 200);
    },
  /** A validation refusal naming a field (code family 90752xxx), data null, no order: §7 "msg describes
   * the problem". */
  validationRefusal:
    (o: { field?: string; code?: number; httpStatus?: number } = {}): PayInShape =>
    (ctx) => {
      const field = o.field ?? 'mobile';
      return refusal(ctx, o.code ?? REFUSAL.invalid, `${field} is invalid`, o.httpStatus ?? 200);
    },
  /** An HTML 502 page from a proxy in front of the service: HTTP statuses are not shown; a proxy is not
   * the service. Use at stage 'front' for a proxy that never forwarded. */
  proxyHtml502:
    (o: BehindOption = {}): PayInShape =>
    (ctx) => {
      if (ctx.stage === 'business') hidden(ctx, o.behind);
      return { httpStatus: 502, body: PROXY_502_HTML, contentType: 'text/html' };
    },
  /** HTTP 200 with an empty body (Content-Type application/json, Content-Length 0). */
  emptyBody:
    (o: BehindOption & { httpStatus?: number; contentType?: string } = {}): PayInShape =>
    (ctx) => {
      if (ctx.stage === 'business') hidden(ctx, o.behind);
      return { httpStatus: o.httpStatus ?? 200, body: '', contentType: o.contentType ?? 'application/json' };
    },
  /** The connection is dropped with no answer and nothing processed (front or business stage). */
  dropWithoutProcessing: (): PayInShape => () => ({ httpStatus: 0, body: '', fault: 'close' }),
  /** The order is created as the plain vendor would (or as `shape` does), then the socket is destroyed. */
  closeAfterProcessing: (shape: PayInShape = payInPlain): PayInShape =>
    withFault(shape, 'close-after-processing'),
  /** Status line, headers and half the body of `shape`'s answer, then the socket is closed. */
  truncated: (shape: PayInShape = payInPlain): PayInShape => withFault(shape, 'truncate'),
  /** `shape`'s answer after `delayMs` (the order exists from the start). */
  delayed: (delayMs: number, shape: PayInShape = payInPlain): PayInShape => withFault(shape, { delayMs }),
};

function payInPlain(ctx: PayInContext): Answer {
  return ctx.defaultAnswer();
}

/** The answer the plain vendor gives about an existing attempt (also idempotency 'report-current'). */
export function currentStateAnswer(ctx: Pick<ShapeContext, 'traceid'>, attempt: Attempt): Answer {
  return { httpStatus: 200, body: envelope(ctx, 0, 'success', orderData(attempt)) };
}

// ---------------------------------------------------------------------------------------------------
// KYC shapes (§2.5, §7 rule 2)

function kycOk(ctx: KycContext, data: JsonObject | null): Answer {
  return { httpStatus: 200, body: envelope(ctx, 0, 'success', data) };
}

export const kyc = {
  /** The plain vendor: honest count. */
  plain: (): KycShape => (ctx) => ctx.defaultAnswer(),
  /** code 0 + data.count = records received (§2.5, §4 rule 5). */
  honest: (): KycShape => (ctx) => {
    ctx.accept(ctx.records.length);
    return kycOk(ctx, { count: ctx.records.length });
  },
  /** code 0 with a count `by` (default 2) short; the double holds only that many (the first ones):
   * "count (number of records)" does not say it must equal the records sent. */
  countShort:
    (o: { by?: number } = {}): KycShape =>
    (ctx) => {
      const n = Math.max(0, ctx.records.length - (o.by ?? 2));
      ctx.accept(n);
      return kycOk(ctx, { count: n });
    },
  /** code 0 with count 0; the double holds `accepted` records (default 0). */
  countZero:
    (o: { accepted?: number } = {}): KycShape =>
    (ctx) => {
      ctx.accept(o.accepted ?? 0);
      return kycOk(ctx, { count: 0 });
    },
  /** code 0 with data null (all records held): §2.5 says data is "object or null". */
  dataNull: (): KycShape => (ctx) => {
    ctx.accept(ctx.records.length);
    return kycOk(ctx, null);
  },
  /** code 0 with data {} (all records held, no count). */
  dataEmptyObject: (): KycShape => (ctx) => {
    ctx.accept(ctx.records.length);
    return kycOk(ctx, {});
  },
  /** code 90751019, data null, generic msg (§7 rule 2); nothing held. */
  failure90751019:
    (o: { httpStatus?: number } = {}): KycShape =>
    (ctx) => {
      ctx.accept(0);
      return refusal(ctx, REFUSAL.generic, 'request failed', o.httpStatus ?? 200);
    },
  /** HTTP 500 with a JSON error body; nothing held unless `behind` (then every record is held). */
  http500:
    (o: { behind?: boolean } = {}): KycShape =>
    (ctx) => {
      ctx.accept(o.behind ? ctx.records.length : 0);
      return refusal(ctx, REFUSAL.systemError, 'internal error', 500);
    },
  /** KYC answer dropped: closed after the batch was stored (`behind` default true). */
  closeAfterProcessing:
    (o: { behind?: boolean } = {}): KycShape =>
    (ctx) => {
      ctx.accept(o.behind === false ? 0 : ctx.records.length);
      return { httpStatus: 0, body: '', fault: 'close-after-processing' };
    },
};
