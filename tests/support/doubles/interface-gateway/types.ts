// Types of the interface gateway double. Written from docs/gateway-interface.md alone (plus the
// signing rule A4 and the callback shape A12 of docs/gateway-assumptions.md); nothing here comes from
// Paydesk's own sandbox or main process.
import type { IncomingHttpHeaders } from 'node:http';
import type { SignAlgorithm } from './sign';

export type JsonObject = { [key: string]: unknown };

/** The double's own truth about a charge attempt (what the bank did), whatever the answer said. */
export type OrderState = 'processing' | 'approved' | 'declined';

/** What a repeated `merchantTradeNo` does (interface: "not shown"). */
export type IdempotencyMode =
  /** Answer again with the body first built for the order (fresh `traceid`); nothing is charged. */
  | 'replay'
  /** Refuse with code 90754001, `data` null; nothing is charged. */
  | 'refuse-duplicate'
  /** Process it as a new payment: a second attempt (new orderId) under the same merchantTradeNo. */
  | 'charge-again'
  /** Answer code 0 with the order's current status (not the first answer); nothing is charged. */
  | 'report-current';

/**
 * How the answer travels.
 * - `none`: a normal answer.
 * - `close`, `close-after-processing`: the socket is destroyed, nothing is written (same mechanics; the
 *   second name says the shape created an order first).
 * - `truncate`: status line and headers (with the full Content-Length) and the first half of the body,
 *   then the socket is destroyed.
 * - `{ delayMs, then }`: wait, then do `then` (default `none`).
 */
export type Fault =
  | 'none'
  | 'close'
  | 'close-after-processing'
  | 'truncate'
  | { delayMs: number; then?: 'none' | 'close' | 'truncate' };

export interface Answer {
  httpStatus: number;
  /** An object is sent as `JSON.stringify(body)`; a string is sent as it is (raw text). */
  body: JsonObject | string;
  /** Default `application/json; charset=utf-8`, for strings too. */
  contentType?: string;
  headers?: Record<string, string>;
  fault?: Fault;
}

export type Route = 'payin-v2' | 'payin-v1' | 'kyc' | 'page' | 'unknown';

/** Which step of the double's pipeline produced an answer. */
export type AnsweredBy =
  | 'front-script'
  | 'transport'
  | 'auth'
  | 'validation'
  | 'idempotency'
  | 'script'
  | 'default'
  | 'page';

export interface SentAnswer {
  httpStatus: number;
  contentType: string;
  body: string;
  fault: Fault;
  by: AnsweredBy;
}

/** Every request exactly as the double received it. */
export interface ReceivedRequest {
  seq: number;
  at: number;
  method: string;
  /** The request target as sent (path and query). */
  url: string;
  /** The path without the query. */
  path: string;
  route: Route;
  headers: IncomingHttpHeaders;
  contentType: string | undefined;
  rawBody: string;
  /** How the body was parsed: by its declared Content-Type, else by a guess from its first character. */
  parsedAs: 'json' | 'form' | null;
  /** Form fields (first value of each name, as strings) or the JSON object; null when nothing parsed. */
  fields: JsonObject | null;
  parseError: string | null;
  /** Form names that appeared more than once (the first value is used). */
  duplicateKeys: string[];
  /** Top-level names the interface does not list for this operation (KYC records: `data[i].name`). */
  unknownFields: string[];
  /** Filled in when the double answers (also for faults). */
  answer: SentAnswer | null;
}

export interface Attempt {
  orderId: string;
  state: OrderState;
  /** The numeric status the double told the client (may be a shape's odd value, e.g. 7). */
  orderStatus: number;
  remark: string;
  /** Amount rounded to 2 places, as the gateway holds it. */
  amount: string;
  ccStorageID: string | undefined;
  /** `seq` of the request that created it. */
  requestSeq: number;
  createdAt: number;
}

export interface OrderEvent {
  at: number;
  orderId: string;
  state: OrderState;
  orderStatus: number;
  via: 'payin' | 'page' | 'finish' | 'settle' | 'notify';
}

/** What the double holds under one merchantTradeNo. The top-level fields mirror the latest attempt. */
export interface Order {
  merchantTradeNo: string;
  version: 'v1' | 'v2';
  orderId: string;
  state: OrderState;
  orderStatus: number;
  remark: string;
  amount: string;
  /** The amount text as the client sent it. */
  amountSent: string;
  currency: string | undefined;
  callBackURL: string | undefined;
  successURL: string | undefined;
  failURL: string | undefined;
  retURL: string | undefined;
  txMode: 'h2h' | 'redirection';
  ccStorageID: string | undefined;
  /** Every attempt under this merchantTradeNo (more than one only with idempotency `charge-again`). */
  attempts: Attempt[];
  /** Attempts whose truth is `approved`: how many times the payer's money was taken. */
  timesCharged: number;
  /** Fields of the latest request that created an attempt. */
  fields: JsonObject;
  /** The answer built for the first attempt (before any fault), used by idempotency `replay`. */
  firstAnswer: Answer | null;
  history: OrderEvent[];
}

export interface KycBatch {
  requestSeq: number;
  traceid: string;
  /** Records received. */
  sent: number;
  /** Records the double holds from this batch (its truth, whatever `count` said). */
  accepted: number;
  userIds: string[];
  acceptedUserIds: string[];
}

export interface StatusCodes {
  processing: number;
  completed: number;
  /** 15 per the interface. */
  declined: number;
}

export interface ShapeContext {
  /** `front`: a proxy in front of the gateway, before any check; `business`: after all checks. */
  stage: 'front' | 'business';
  request: ReceivedRequest;
  /** Parsed body fields ({} when nothing parsed). */
  fields: JsonObject;
  /** A fresh id for this request. */
  traceid: string;
  /** Base URL including the path prefix, e.g. http://127.0.0.1:PORT/gw/v3 */
  url: string;
  codes: StatusCodes;
}

export interface PayInContext extends ShapeContext {
  version: 'v1' | 'v2';
  /** '' when absent. */
  merchantTradeNo: string;
  /** The request asked `storeCc=1`. */
  storeCc: boolean;
  /** The order already held under this merchantTradeNo (only reaches a shape in `charge-again` mode). */
  existing: Order | undefined;
  /**
   * Create the charge attempt the shape implies (once per request; a second call returns the same
   * attempt). `orderStatus` defaults to the numeric code of `truth`; `remark` to a decline reason when
   * declined. A ccStorageID is issued when the request asked `storeCc=1`. Throws at the front stage.
   */
  createOrder(truth: OrderState, init?: { orderStatus?: number; remark?: string }): Attempt;
  /** The double's browser page for an attempt (3DS challenge / hosted payment page). */
  pageUrl(orderId: string): string;
  /** The plain vendor's answer (creates its order). Throws at the front stage. */
  defaultAnswer(): Answer;
}

/** Returns the answer, or undefined to leave this request to the next script / the default (the script
 * is then not consumed; it must not have created an order). */
export type PayInShape = (ctx: PayInContext) => Answer | undefined;

export interface KycContext extends ShapeContext {
  /** The records of `data` ([] when absent). */
  records: JsonObject[];
  /** Record that the double holds the first `count` records of this batch (once per request). Throws at
   * the front stage. */
  accept(count: number): KycBatch;
  defaultAnswer(): Answer;
}

export type KycShape = (ctx: KycContext) => Answer | undefined;

export interface ScriptOptions {
  /** How many requests the script answers: a number (default 1) or 'every' (until cleared). */
  times?: number | 'every';
  /** Default 'business'. */
  stage?: 'front' | 'business';
}

export interface BrowserReturnOptions {
  /** 'retURL-first' (default): retURL when given, else successURL/failURL by outcome;
   * 'result-urls': successURL/failURL first, else retURL. */
  target?: 'retURL-first' | 'result-urls';
  /** Query (or form) parameters added: none at all, the ids, or the ids and the status (default). */
  params?: 'none' | 'ids' | 'ids-and-status';
  /** 302 (default) or 303 redirect, or an auto-submitting POST form (as 3DS ACS pages do). */
  method?: 302 | 303 | 'post-form';
}

export interface InterfaceGatewayOptions {
  merchantId: number;
  secret: string;
  /** Default 'hmac-sha256' (A4). */
  signAlgorithm?: SignAlgorithm;
  host?: '127.0.0.1';
  /** Default 0 (any free port). */
  port?: number;
  /** Path prefix of base_url / kyc_base_url, e.g. '/gw/v3'. Default ''. */
  basePath?: string;
  /** Check the v1 `sign` (A4). Default true. */
  verifyV1Sign?: boolean;
  /** Check the KYC `sign` (A4). Default true. */
  verifyKycSign?: boolean;
  /** Numeric order statuses; declined is 15 (interface). Defaults: processing 1, completed 2. */
  statusCodes?: { processing?: number; completed?: number };
  /** Card numbers of the plain vendor. Defaults: decline 4000000000000002, 3DS 4000000000003220,
   * stays processing 4000000000000077; every other valid card is approved. */
  cards?: { decline?: string[]; threeDS?: string[]; processing?: string[] };
  /** Default 'refuse-duplicate'. */
  idempotency?: IdempotencyMode;
  /** HTTP status of refusals by rule (bad field, bad sign, unknown merchant, duplicate). Default 200. */
  refusalHttpStatus?: number;
  /** Refuse card numbers that fail the Luhn check. Default true. */
  checkLuhn?: boolean;
  /** The plain vendor adds a text `data.status` to v2 answers. Default true. */
  v2StatusText?: boolean;
  browserReturn?: BrowserReturnOptions;
  /** Send the A12 notification by itself when an attempt ends approved/declined. Default false. */
  autoNotify?: boolean;
  /** Default 5000. */
  notifyTimeoutMs?: number;
  /** Default 1_000_000. */
  maxBodyBytes?: number;
}

export type SignMode = 'valid' | 'wrong-secret' | 'absent';

export interface NotifyOptions {
  /** Default: the attempt's state (an attempt still processing is an error). */
  outcome?: 'approved' | 'declined';
  /** Which attempt (default the latest). */
  orderId?: string;
  /** Default 'valid'. */
  sign?: SignMode;
  /** Default: the double's algorithm. */
  algorithm?: SignAlgorithm;
  /** Numeric status override (default from the outcome). */
  orderStatus?: number;
  remark?: string;
  /** Fields added to (or replacing) the A12 payload before signing; `undefined` removes a field. */
  fields?: Record<string, unknown>;
  /** Send the identical notification this many times, one after the other. Default 1. */
  repeat?: number;
  /** Default: the order's callBackURL. */
  url?: string;
  /** Default 'application/json'. */
  contentType?: string;
  /** Apply the outcome to the double's truth. Default true. */
  updateOrder?: boolean;
}

export interface Delivery {
  /** HTTP status of the receiver's answer; 0 on a network error or timeout. */
  status: number;
  body: string;
  error?: string;
}

export interface NotifyResult extends Delivery {
  /** One entry per send (`repeat`). The top-level fields are the last one's. */
  deliveries: Delivery[];
  payload: JsonObject;
}

export interface SentNotification {
  at: number;
  url: string;
  payload: JsonObject;
  bodyText: string;
  delivery: Delivery;
}

export interface BrowserReturn {
  url: string;
  method: 'GET' | 'POST';
  params: Record<string, string>;
}

export interface InterfaceGateway {
  /** base_url and kyc_base_url (with the path prefix). */
  readonly url: string;
  /** http://127.0.0.1:PORT without the prefix. */
  readonly origin: string;
  readonly codes: StatusCodes;
  readonly received: ReceivedRequest[];
  readonly orders: Map<string, Order>;
  readonly ordersById: Map<string, Order>;
  readonly kycBatches: KycBatch[];
  readonly kycRecords: Map<string, JsonObject>;
  readonly notifications: SentNotification[];
  /** Exceptions thrown by shapes (each answered HTTP 500 code 90759999 "double error: …"). */
  readonly errors: Error[];
  scriptPayIn(script: PayInShape, options?: ScriptOptions): void;
  scriptKyc(script: KycShape, options?: ScriptOptions): void;
  clearScripts(): void;
  setIdempotency(mode: IdempotencyMode): void;
  /** Browser-side end of a 3DS / hosted page: a processing attempt becomes `outcome`; returns where the
   * browser is sent (null when the order has no URL for it). */
  finish(ref: string, outcome: 'approved' | 'declined', init?: { remark?: string }): BrowserReturn | null;
  /** Set the double's truth of an attempt (by orderId or merchantTradeNo) without any message. */
  settle(ref: string, state: OrderState, init?: { orderStatus?: number; remark?: string }): Order;
  notify(ref: Order | string, options?: NotifyOptions): Promise<NotifyResult>;
  /** A notification for an order the double never saw. */
  notifyUnknownOrder(
    url: string,
    init?: NotifyOptions & { merchantTradeNo?: string; orderId?: string; amount?: string },
  ): Promise<NotifyResult>;
  /** Resolves when background work (auto notifications, delayed answers) is done. */
  idle(): Promise<void>;
  /** Forget requests, orders, batches, notifications and scripts. */
  reset(): void;
  close(): Promise<void>;
}
