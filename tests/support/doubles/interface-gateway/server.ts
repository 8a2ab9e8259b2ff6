// The interface gateway double's HTTP server (node:http only). See index.ts for the public API and
// README.md for what the plain vendor does and how requests travel through the pipeline:
//
//   record → front-stage scripts (a proxy) → method / size / Content-Type / parse → merchantId + sign
//   → field validation → idempotency (repeated merchantTradeNo) → business scripts, else the plain vendor
//   → answer (with its fault)
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { challengePage, escapeHtml, returnForm } from './pages';
import { currentStateAnswer, envelope, payIn, statusText } from './shapes';
import { computeSign, type SignAlgorithm, verifySign } from './sign';
import type {
  Answer,
  AnsweredBy,
  Attempt,
  BrowserReturn,
  BrowserReturnOptions,
  Delivery,
  IdempotencyMode,
  InterfaceGateway,
  InterfaceGatewayOptions,
  JsonObject,
  KycBatch,
  KycContext,
  KycShape,
  NotifyOptions,
  NotifyResult,
  Order,
  OrderState,
  PayInContext,
  PayInShape,
  ReceivedRequest,
  Route,
  ScriptOptions,
  SentNotification,
  ShapeContext,
  StatusCodes,
} from './types';
import {
  checkMerchant,
  KYC_RECORD_FIELDS,
  KYC_TOP_FIELDS,
  PAYIN_FIELDS,
  REFUSAL,
  type Refusal,
  roundAmount,
  validateKyc,
  validatePayIn,
} from './validate';

export async function startInterfaceGateway(options: InterfaceGatewayOptions): Promise<InterfaceGateway> {
  const gateway = new Gateway(options);
  await gateway.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  return gateway;
}

interface Queued<S> {
  shape: S;
  remaining: number;
}

interface Decision {
  answer: Answer;
  by: AnsweredBy;
}

interface Parsed {
  parsedAs: 'json' | 'form' | null;
  fields: JsonObject | null;
  parseError: string | null;
  duplicateKeys: string[];
}

const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function parseBody(raw: string, contentType: string | undefined): Parsed {
  const media = mediaType(contentType);
  let kind: 'json' | 'form' | null =
    media === 'application/json' ? 'json' : media === 'application/x-www-form-urlencoded' ? 'form' : null;
  if (kind === null && raw.trim() !== '') kind = raw.trimStart().startsWith('{') ? 'json' : 'form';
  if (kind === 'json') {
    try {
      const value: unknown = JSON.parse(raw);
      if (isObject(value)) return { parsedAs: 'json', fields: value, parseError: null, duplicateKeys: [] };
      return { parsedAs: 'json', fields: null, parseError: 'JSON body is not an object', duplicateKeys: [] };
    } catch (e) {
      return { parsedAs: 'json', fields: null, parseError: (e as Error).message, duplicateKeys: [] };
    }
  }
  if (kind === 'form') {
    const seen = new Map<string, string>();
    const duplicateKeys: string[] = [];
    for (const [k, v] of new URLSearchParams(raw)) {
      if (seen.has(k)) {
        if (!duplicateKeys.includes(k)) duplicateKeys.push(k);
      } else seen.set(k, v);
    }
    return { parsedAs: 'form', fields: Object.fromEntries(seen), parseError: null, duplicateKeys };
  }
  return { parsedAs: null, fields: null, parseError: 'empty body', duplicateKeys: [] };
}

function newTraceId(): string {
  return randomUUID().replaceAll('-', '');
}

/** POST a body and collect the answer; never rejects (status 0 + error on a network error/timeout). */
function post(url: string, body: string, contentType: string, timeoutMs: number): Promise<Delivery> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (d: Delivery): void => {
      if (!done) {
        done = true;
        resolve(d);
      }
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      finish({ status: 0, body: '', error: `invalid URL ${url}` });
      return;
    }
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', (e) => finish({ status: 0, body: '', error: e.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (e) => finish({ status: 0, body: '', error: e.message }));
    request.end(body);
  });
}

class Gateway implements InterfaceGateway {
  readonly codes: StatusCodes;
  readonly received: ReceivedRequest[] = [];
  readonly orders = new Map<string, Order>();
  readonly ordersById = new Map<string, Order>();
  readonly kycBatches: KycBatch[] = [];
  readonly kycRecords = new Map<string, JsonObject>();
  readonly notifications: SentNotification[] = [];
  readonly errors: Error[] = [];

  private readonly server: http.Server;
  private readonly merchantId: number;
  private readonly secret: string;
  private readonly algorithm: SignAlgorithm;
  private readonly basePath: string;
  private readonly verifyV1Sign: boolean;
  private readonly verifyKycSign: boolean;
  private readonly cards: { decline: string[]; threeDS: string[]; processing: string[] };
  private readonly refusalHttpStatus: number;
  private readonly checkLuhn: boolean;
  private readonly v2StatusText: boolean;
  private readonly browserReturn: Required<BrowserReturnOptions>;
  private readonly autoNotify: boolean;
  private readonly notifyTimeoutMs: number;
  private readonly maxBodyBytes: number;
  private idempotency: IdempotencyMode;
  private readonly storedCards = new Map<string, { cardNumber: string; expDate: string }>();
  private scripts = {
    payInFront: [] as Queued<PayInShape>[],
    payIn: [] as Queued<PayInShape>[],
    kycFront: [] as Queued<KycShape>[],
    kyc: [] as Queued<KycShape>[],
  };
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private readonly pending = new Set<Promise<unknown>>();
  private origin_ = '';
  private seq = 0;

  constructor(o: InterfaceGatewayOptions) {
    this.merchantId = o.merchantId;
    this.secret = o.secret;
    this.algorithm = o.signAlgorithm ?? 'hmac-sha256';
    const base = (o.basePath ?? '').replace(/\/+$/, '');
    this.basePath = base === '' || base.startsWith('/') ? base : `/${base}`;
    this.verifyV1Sign = o.verifyV1Sign ?? true;
    this.verifyKycSign = o.verifyKycSign ?? true;
    this.codes = {
      processing: o.statusCodes?.processing ?? 1,
      completed: o.statusCodes?.completed ?? 2,
      declined: 15,
    };
    this.cards = {
      decline: o.cards?.decline ?? ['4000000000000002'],
      threeDS: o.cards?.threeDS ?? ['4000000000003220'],
      processing: o.cards?.processing ?? ['4000000000000077'],
    };
    this.idempotency = o.idempotency ?? 'refuse-duplicate';
    this.refusalHttpStatus = o.refusalHttpStatus ?? 200;
    this.checkLuhn = o.checkLuhn ?? true;
    this.v2StatusText = o.v2StatusText ?? true;
    this.browserReturn = {
      target: o.browserReturn?.target ?? 'retURL-first',
      params: o.browserReturn?.params ?? 'ids-and-status',
      method: o.browserReturn?.method ?? 302,
    };
    this.autoNotify = o.autoNotify ?? false;
    this.notifyTimeoutMs = o.notifyTimeoutMs ?? 5000;
    this.maxBodyBytes = o.maxBodyBytes ?? 1_000_000;
    this.server = http.createServer((req, res) => this.onRequest(req, res));
  }

  get origin(): string {
    return this.origin_;
  }

  get url(): string {
    return `${this.origin_}${this.basePath}`;
  }

  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        const address = this.server.address() as AddressInfo;
        this.origin_ = `http://${host}:${address.port}`;
        resolve();
      });
    });
  }

  // -------------------------------------------------------------------------------------------------
  // Scripting API

  scriptPayIn(script: PayInShape, options: ScriptOptions = {}): void {
    const queue = options.stage === 'front' ? this.scripts.payInFront : this.scripts.payIn;
    queue.push({
      shape: script,
      remaining: options.times === 'every' ? Number.POSITIVE_INFINITY : (options.times ?? 1),
    });
  }

  scriptKyc(script: KycShape, options: ScriptOptions = {}): void {
    const queue = options.stage === 'front' ? this.scripts.kycFront : this.scripts.kyc;
    queue.push({
      shape: script,
      remaining: options.times === 'every' ? Number.POSITIVE_INFINITY : (options.times ?? 1),
    });
  }

  clearScripts(): void {
    this.scripts = { payInFront: [], payIn: [], kycFront: [], kyc: [] };
  }

  setIdempotency(mode: IdempotencyMode): void {
    this.idempotency = mode;
  }

  reset(): void {
    this.received.length = 0;
    this.orders.clear();
    this.ordersById.clear();
    this.kycBatches.length = 0;
    this.kycRecords.clear();
    this.notifications.length = 0;
    this.errors.length = 0;
    this.storedCards.clear();
    this.clearScripts();
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    for (const [timer, release] of this.timers) {
      clearTimeout(timer);
      release();
    }
    this.timers.clear();
    await this.idle();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  // -------------------------------------------------------------------------------------------------
  // Orders

  private codeOf(state: OrderState): number {
    return state === 'approved' ? this.codes.completed : state === 'processing' ? this.codes.processing : 15;
  }

  private newOrderId(): string {
    // 19 digits: a string id that does not fit a double (a client must keep it as text).
    let id: string;
    do {
      id = `9${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e9)).padStart(9, '0')}`;
    } while (this.ordersById.has(id));
    return id;
  }

  private refresh(order: Order): void {
    const latest = order.attempts.at(-1)!;
    order.orderId = latest.orderId;
    order.state = latest.state;
    order.orderStatus = latest.orderStatus;
    order.remark = latest.remark;
    order.amount = latest.amount;
    order.ccStorageID = latest.ccStorageID;
    order.timesCharged = order.attempts.filter((a) => a.state === 'approved').length;
  }

  private createAttempt(
    rec: ReceivedRequest,
    version: 'v1' | 'v2',
    fields: JsonObject,
    truth: OrderState,
    init: { orderStatus?: number; remark?: string } | undefined,
  ): { order: Order; attempt: Attempt } {
    const merchantTradeNo = str(fields.merchantTradeNo);
    const amountSent = str(fields.amount);
    let ccStorageID: string | undefined;
    if (fields.storeCc === '1') {
      const given = str(fields.ccStorageID);
      ccStorageID =
        given !== '' && this.storedCards.has(given) ? given : `cs_${randomBytes(12).toString('hex')}`;
      if (present(fields.cardNumber)) {
        this.storedCards.set(ccStorageID, {
          cardNumber: str(fields.cardNumber),
          expDate: str(fields.expDate),
        });
      }
    }
    const attempt: Attempt = {
      orderId: this.newOrderId(),
      state: truth,
      orderStatus: init?.orderStatus ?? this.codeOf(truth),
      remark: init?.remark ?? (truth === 'declined' ? 'Do not honor' : ''),
      amount: roundAmount(amountSent) ?? amountSent,
      ccStorageID,
      requestSeq: rec.seq,
      createdAt: Date.now(),
    };
    const optional = (name: string): string | undefined =>
      present(fields[name]) ? str(fields[name]) : undefined;
    let order = this.orders.get(merchantTradeNo);
    if (order === undefined) {
      order = {
        merchantTradeNo,
        version,
        orderId: attempt.orderId,
        state: truth,
        orderStatus: attempt.orderStatus,
        remark: attempt.remark,
        amount: attempt.amount,
        amountSent,
        currency: undefined,
        callBackURL: undefined,
        successURL: undefined,
        failURL: undefined,
        retURL: undefined,
        txMode: 'h2h',
        ccStorageID,
        attempts: [],
        timesCharged: 0,
        fields,
        firstAnswer: null,
        history: [],
      };
      this.orders.set(merchantTradeNo, order);
    }
    order.version = version;
    order.amountSent = amountSent;
    order.currency = optional('currency');
    order.callBackURL = optional('callBackURL');
    order.successURL = optional('successURL');
    order.failURL = optional('failURL');
    order.retURL = optional('retURL');
    order.txMode = fields.txMode === 'redirection' ? 'redirection' : 'h2h';
    order.fields = fields;
    order.attempts.push(attempt);
    this.ordersById.set(attempt.orderId, order);
    this.refresh(order);
    order.history.push({
      at: attempt.createdAt,
      orderId: attempt.orderId,
      state: truth,
      orderStatus: attempt.orderStatus,
      via: 'payin',
    });
    return { order, attempt };
  }

  private setState(
    order: Order,
    attempt: Attempt,
    state: OrderState,
    init: { orderStatus?: number; remark?: string } | undefined,
    via: 'page' | 'finish' | 'settle' | 'notify',
  ): void {
    attempt.state = state;
    attempt.orderStatus = init?.orderStatus ?? this.codeOf(state);
    attempt.remark = init?.remark ?? (state === 'declined' ? attempt.remark || 'Do not honor' : '');
    order.history.push({
      at: Date.now(),
      orderId: attempt.orderId,
      state,
      orderStatus: attempt.orderStatus,
      via,
    });
    this.refresh(order);
  }

  private resolve(ref: string, orderId?: string): { order: Order; attempt: Attempt } {
    const order = this.ordersById.get(ref) ?? this.orders.get(ref);
    if (order === undefined) throw new Error(`interface gateway: no order ${ref}`);
    const id = orderId ?? (this.ordersById.has(ref) ? ref : order.orderId);
    const attempt = order.attempts.find((a) => a.orderId === id);
    if (attempt === undefined) throw new Error(`interface gateway: order ${ref} has no attempt ${id}`);
    return { order, attempt };
  }

  settle(ref: string, state: OrderState, init?: { orderStatus?: number; remark?: string }): Order {
    const { order, attempt } = this.resolve(ref);
    this.setState(order, attempt, state, init, 'settle');
    return order;
  }

  finish(ref: string, outcome: 'approved' | 'declined', init?: { remark?: string }): BrowserReturn | null {
    const { order, attempt } = this.resolve(ref);
    return this.finishAttempt(order, attempt, outcome, init?.remark, 'finish');
  }

  private finishAttempt(
    order: Order,
    attempt: Attempt,
    outcome: 'approved' | 'declined',
    remark: string | undefined,
    via: 'page' | 'finish',
  ): BrowserReturn | null {
    if (attempt.state === 'processing') {
      this.setState(order, attempt, outcome, remark === undefined ? undefined : { remark }, via);
      if (this.autoNotify && order.callBackURL !== undefined) {
        this.background(this.notify(order, { orderId: attempt.orderId }));
      }
    }
    return this.browserTarget(order, attempt);
  }

  private browserTarget(order: Order, attempt: Attempt): BrowserReturn | null {
    const result =
      attempt.state === 'approved'
        ? order.successURL
        : attempt.state === 'declined'
          ? order.failURL
          : undefined;
    const url =
      this.browserReturn.target === 'retURL-first' ? (order.retURL ?? result) : (result ?? order.retURL);
    if (url === undefined) return null;
    const params: Record<string, string> = {};
    if (this.browserReturn.params !== 'none') {
      params.merchantTradeNo = order.merchantTradeNo;
      params.orderId = attempt.orderId;
      if (this.browserReturn.params === 'ids-and-status') {
        params.orderStatus = String(attempt.orderStatus);
        params.status = statusText(attempt.state);
      }
    }
    if (this.browserReturn.method === 'post-form') return { url, method: 'POST', params };
    const target = new URL(url);
    for (const [k, v] of Object.entries(params)) target.searchParams.append(k, v);
    return { url: target.toString(), method: 'GET', params };
  }

  // -------------------------------------------------------------------------------------------------
  // Notifications (A12)

  private background(work: Promise<unknown>): void {
    const tracked: Promise<unknown> = work
      .catch((e: unknown) => {
        this.errors.push(e instanceof Error ? e : new Error(String(e)));
      })
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  async notify(ref: Order | string, options: NotifyOptions = {}): Promise<NotifyResult> {
    const { order, attempt } =
      typeof ref === 'string'
        ? this.resolve(ref, options.orderId)
        : this.resolve(ref.merchantTradeNo, options.orderId);
    const outcome = options.outcome ?? (attempt.state === 'processing' ? undefined : attempt.state);
    if (outcome === undefined) {
      throw new Error(`interface gateway: attempt ${attempt.orderId} is still processing; give an outcome`);
    }
    if (options.updateOrder !== false && attempt.state !== outcome) {
      this.setState(
        order,
        attempt,
        outcome,
        options.remark === undefined ? undefined : { remark: options.remark },
        'notify',
      );
    }
    const url = options.url ?? order.callBackURL;
    if (url === undefined)
      throw new Error(`interface gateway: order ${order.merchantTradeNo} has no callBackURL`);
    const payload: JsonObject = {
      merchantId: this.merchantId,
      merchantTradeNo: order.merchantTradeNo,
      orderId: attempt.orderId,
      orderStatus: options.orderStatus ?? this.codeOf(outcome),
      amount: attempt.amount,
      remark: options.remark ?? (outcome === 'declined' ? attempt.remark || 'Declined' : ''),
      traceid: newTraceId(),
    };
    return this.deliver(url, payload, options);
  }

  notifyUnknownOrder(
    url: string,
    init: NotifyOptions & { merchantTradeNo?: string; orderId?: string; amount?: string } = {},
  ): Promise<NotifyResult> {
    const outcome = init.outcome ?? 'approved';
    const payload: JsonObject = {
      merchantId: this.merchantId,
      merchantTradeNo: init.merchantTradeNo ?? `UNKNOWN-${randomBytes(6).toString('hex')}`,
      orderId: init.orderId ?? this.newOrderId(),
      orderStatus: init.orderStatus ?? this.codeOf(outcome),
      amount: init.amount ?? '10.00',
      remark: init.remark ?? (outcome === 'declined' ? 'Declined' : ''),
      traceid: newTraceId(),
    };
    return this.deliver(url, payload, init);
  }

  private async deliver(url: string, payload: JsonObject, options: NotifyOptions): Promise<NotifyResult> {
    const extra = options.fields ?? {};
    for (const [k, v] of Object.entries(extra)) {
      if (v === undefined) delete payload[k];
      else payload[k] = v;
    }
    const mode = options.sign ?? 'valid';
    if (!Object.hasOwn(extra, 'sign')) {
      if (mode === 'absent') delete payload.sign;
      else {
        const secret = mode === 'valid' ? this.secret : `${this.secret}-not-the-merchant-secret`;
        payload.sign = computeSign(payload, secret, options.algorithm ?? this.algorithm);
      }
    }
    const bodyText = JSON.stringify(payload);
    const deliveries: Delivery[] = [];
    for (let i = 0; i < Math.max(1, options.repeat ?? 1); i++) {
      const delivery = await post(
        url,
        bodyText,
        options.contentType ?? 'application/json',
        this.notifyTimeoutMs,
      );
      deliveries.push(delivery);
      this.notifications.push({ at: Date.now(), url, payload, bodyText, delivery });
    }
    return { ...deliveries.at(-1)!, deliveries, payload };
  }

  // -------------------------------------------------------------------------------------------------
  // HTTP

  private routeOf(path: string): { route: Route; orderId?: string; finish?: boolean } {
    const base = this.basePath;
    if (base !== '' && !path.startsWith(`${base}/`)) return { route: 'unknown' };
    const rest = path.slice(base.length);
    if (rest === '/openapi/v2/pwpp') return { route: 'payin-v2' };
    if (rest === '/openapi/v1/pwpp') return { route: 'payin-v1' };
    if (rest === '/openapi/v1/submitKYC') return { route: 'kyc' };
    const m = /^\/page\/([0-9A-Za-z_-]+)(\/finish)?$/.exec(rest);
    if (m) return { route: 'page', orderId: m[1]!, finish: m[2] !== undefined };
    return { route: 'unknown' };
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    req.on('error', () => {});
    res.on('error', () => {});
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= this.maxBodyBytes) chunks.push(chunk);
    });
    req.on('end', () => {
      const rec = this.record(req, Buffer.concat(chunks).toString('utf8'));
      try {
        this.dispatch(req, res, rec, size > this.maxBodyBytes);
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e));
        this.errors.push(error);
        if (!res.headersSent && res.socket && !res.socket.destroyed) {
          this.send(
            res,
            rec,
            { httpStatus: 500, body: { code: REFUSAL.systemError, msg: `double error: ${error.message}` } },
            'default',
          );
        }
      }
    });
  }

  private record(req: IncomingMessage, rawBody: string): ReceivedRequest {
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const { route } = this.routeOf(path);
    const contentType = req.headers['content-type'];
    const parsed = parseBody(rawBody, contentType);
    const unknownFields: string[] = [];
    const fields = parsed.fields;
    if (fields !== null) {
      if (route === 'payin-v2' || route === 'payin-v1') {
        const known = route === 'payin-v2' ? PAYIN_FIELDS.v2 : PAYIN_FIELDS.v1;
        for (const k of Object.keys(fields)) if (!known.has(k)) unknownFields.push(k);
      } else if (route === 'kyc') {
        for (const k of Object.keys(fields)) if (!KYC_TOP_FIELDS.has(k)) unknownFields.push(k);
        if (Array.isArray(fields.data)) {
          fields.data.forEach((r: unknown, i) => {
            if (isObject(r))
              for (const k of Object.keys(r))
                if (!KYC_RECORD_FIELDS.has(k)) unknownFields.push(`data[${i}].${k}`);
          });
        }
      }
    }
    const rec: ReceivedRequest = {
      seq: ++this.seq,
      at: Date.now(),
      method: req.method ?? '',
      url,
      path,
      route,
      headers: req.headers,
      contentType,
      rawBody,
      ...parsed,
      unknownFields,
      answer: null,
    };
    this.received.push(rec);
    return rec;
  }

  private dispatch(req: IncomingMessage, res: ServerResponse, rec: ReceivedRequest, tooLarge: boolean): void {
    const { route, orderId, finish } = this.routeOf(rec.path);
    if (route === 'payin-v2' || route === 'payin-v1') {
      this.handlePayIn(req, res, rec, route === 'payin-v2' ? 'v2' : 'v1', tooLarge);
    } else if (route === 'kyc') {
      this.handleKyc(req, res, rec, tooLarge);
    } else if (route === 'page') {
      this.handlePage(req, res, rec, orderId!, finish === true);
    } else {
      const body = envelope({ traceid: newTraceId() }, REFUSAL.notFound, `no such path: ${rec.path}`, null);
      this.send(res, rec, { httpStatus: 404, body }, 'transport');
    }
  }

  private send(res: ServerResponse, rec: ReceivedRequest, answer: Answer, by: AnsweredBy): void {
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    const contentType = answer.contentType ?? 'application/json; charset=utf-8';
    const fault = answer.fault ?? 'none';
    rec.answer = { httpStatus: answer.httpStatus, contentType, body: text, fault, by };
    const buffer = Buffer.from(text, 'utf8');
    const write = (mode: 'none' | 'close' | 'truncate'): void => {
      const socket = res.socket;
      if (socket === null || socket.destroyed) return;
      if (mode === 'close') {
        socket.destroy();
        return;
      }
      const headers: Record<string, string> = { 'content-length': String(buffer.length), ...answer.headers };
      if (contentType !== '') headers['content-type'] = contentType;
      res.writeHead(answer.httpStatus, headers);
      if (mode === 'truncate') {
        const half = buffer.subarray(0, Math.floor(buffer.length / 2));
        res.flushHeaders();
        // end() on the socket sends what is buffered (headers, half the body), then FIN.
        if (half.length > 0) res.write(half, () => socket.end());
        else socket.end();
        return;
      }
      res.end(buffer);
    };
    if (typeof fault === 'object') {
      const then = fault.then ?? 'none';
      this.background(
        new Promise<void>((release) => {
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            write(then);
            release();
          }, fault.delayMs);
          this.timers.set(timer, release);
        }),
      );
      return;
    }
    write(fault === 'close-after-processing' ? 'close' : fault);
  }

  private refusal(traceid: string, r: Refusal, by: AnsweredBy): Decision {
    return {
      answer: { httpStatus: this.refusalHttpStatus, body: envelope({ traceid }, r.code, r.msg, null) },
      by,
    };
  }

  /** Method, size, Content-Type, parse (§4 rule 1): a transport refusal, or null. */
  private transportCheck(
    req: IncomingMessage,
    rec: ReceivedRequest,
    traceid: string,
    expected: string,
    tooLarge: boolean,
  ): Decision | null {
    const r = (httpStatus: number, code: number, msg: string): Decision => ({
      answer: {
        httpStatus,
        body: envelope({ traceid }, code, msg, null),
        headers: httpStatus === 405 ? { allow: 'POST' } : {},
      },
      by: 'transport',
    });
    if (req.method !== 'POST') return r(405, REFUSAL.methodNotAllowed, `method ${req.method} is not allowed`);
    if (tooLarge) return r(413, REFUSAL.tooLarge, 'body is too large');
    if (mediaType(rec.contentType) !== expected) {
      return r(415, REFUSAL.unsupportedMediaType, `Content-Type must be ${expected}`);
    }
    if (rec.fields === null)
      return r(400, REFUSAL.badRequest, `body does not parse: ${rec.parseError ?? ''}`);
    return null;
  }

  /** merchantId, then `sign` when asked to verify it (A4). */
  private authCheck(
    kind: 'v1' | 'v2' | 'kyc',
    fields: JsonObject,
    traceid: string,
    verify: boolean,
  ): Decision | null {
    const merchant = checkMerchant(kind, fields, this.merchantId);
    if (merchant) return this.refusal(traceid, merchant, 'auth');
    if (!verify) return null;
    if (!present(fields.sign)) {
      return this.refusal(traceid, { code: REFUSAL.missing, field: 'sign', msg: 'sign is required' }, 'auth');
    }
    if (!verifySign(fields, this.secret, this.algorithm)) {
      return this.refusal(traceid, { code: REFUSAL.badSign, field: 'sign', msg: 'sign is invalid' }, 'auth');
    }
    return null;
  }

  private runScripts<C>(queue: Queued<(ctx: C) => Answer | undefined>[], ctx: C): Answer | undefined {
    for (let i = 0; i < queue.length; i++) {
      const entry = queue[i]!;
      const answer = entry.shape(ctx);
      if (answer !== undefined) {
        entry.remaining -= 1;
        if (entry.remaining <= 0) queue.splice(i, 1);
        return answer;
      }
    }
    return undefined;
  }

  // -------------------------------------------------------------------------------------------------
  /** What every shape is told of a request, pay-in or KYC. */
  private shapeContext(stage: 'front' | 'business', rec: ReceivedRequest, traceid: string): ShapeContext {
    return { stage, request: rec, fields: rec.fields ?? {}, traceid, url: this.url, codes: this.codes };
  }

  // Pay-in

  private payInContext(
    stage: 'front' | 'business',
    rec: ReceivedRequest,
    version: 'v1' | 'v2',
    traceid: string,
    existing: Order | undefined,
  ): { ctx: PayInContext; made: () => { order: Order; attempt: Attempt } | null } {
    let made: { order: Order; attempt: Attempt } | null = null;
    const base = this.shapeContext(stage, rec, traceid);
    const fields = base.fields;
    const ctx: PayInContext = {
      ...base,
      version,
      merchantTradeNo: str(fields.merchantTradeNo),
      storeCc: fields.storeCc === '1',
      existing,
      createOrder: (truth, init) => {
        if (stage === 'front')
          throw new Error(
            'a front-stage shape cannot create an order: the request never reached the gateway',
          );
        if (made === null) made = this.createAttempt(rec, version, fields, truth, init);
        return made.attempt;
      },
      pageUrl: (orderId) => `${this.url}/page/${orderId}`,
      defaultAnswer: () => {
        if (stage === 'front') throw new Error('the plain vendor answers at the business stage only');
        return this.plainPayIn(ctx);
      },
    };
    return { ctx, made: () => made };
  }

  /** The plain vendor's pay-in decision. */
  private plainPayIn(ctx: PayInContext): Answer {
    const f = ctx.fields;
    const text = ctx.version === 'v2' && this.v2StatusText;
    const st = (s: OrderState): string | undefined => (text ? statusText(s) : undefined);
    const must = (a: Answer | undefined): Answer => a!;
    let card = str(f.cardNumber);
    const storedId = str(f.ccStorageID);
    if (storedId !== '') {
      const stored = this.storedCards.get(storedId);
      if (stored === undefined) {
        return must(
          payIn.declinedCode0({ remark: 'ccStorageID is unknown', statusText: st('declined') })(ctx),
        );
      }
      if (card === '') card = stored.cardNumber;
    }
    if (f.txMode === 'redirection') return must(payIn.redirectUrl({ statusText: st('processing') })(ctx));
    if (this.cards.decline.includes(card)) {
      return must(payIn.declinedCode0({ remark: 'Do not honor', statusText: st('declined') })(ctx));
    }
    if (this.cards.threeDS.includes(card)) {
      return must(
        payIn.threeDsHtmlSource({ pageData: ctx.version === 'v1', statusText: st('processing') })(ctx),
      );
    }
    if (this.cards.processing.includes(card)) {
      return must(payIn.processingNothingToShow({ statusText: st('processing') })(ctx));
    }
    return must(payIn.approvedCode0({ statusText: st('approved') })(ctx));
  }

  private handlePayIn(
    req: IncomingMessage,
    res: ServerResponse,
    rec: ReceivedRequest,
    version: 'v1' | 'v2',
    tooLarge: boolean,
  ): void {
    const { answer, by } = this.decidePayIn(req, rec, version, tooLarge);
    this.send(res, rec, answer, by);
  }

  private decidePayIn(
    req: IncomingMessage,
    rec: ReceivedRequest,
    version: 'v1' | 'v2',
    tooLarge: boolean,
  ): Decision {
    const traceid = newTraceId();
    const frontCtx = this.payInContext('front', rec, version, traceid, undefined).ctx;
    const front = this.runScripts(this.scripts.payInFront, frontCtx);
    if (front !== undefined) return { answer: front, by: 'front-script' };

    const expected = version === 'v2' ? 'application/json' : 'application/x-www-form-urlencoded';
    const refused =
      this.transportCheck(req, rec, traceid, expected, tooLarge) ??
      this.authCheck(version, rec.fields!, traceid, version === 'v1' && this.verifyV1Sign);
    if (refused) return refused;
    const fields = rec.fields!;
    const invalid = validatePayIn(version, fields, { checkLuhn: this.checkLuhn });
    if (invalid) return this.refusal(traceid, invalid, 'validation');

    const existing = this.orders.get(str(fields.merchantTradeNo));
    if (existing !== undefined && this.idempotency !== 'charge-again') {
      if (this.idempotency === 'refuse-duplicate') {
        const r = {
          code: REFUSAL.duplicate,
          field: 'merchantTradeNo',
          msg: 'merchantTradeNo already exists',
        };
        return this.refusal(traceid, r, 'idempotency');
      }
      const first = existing.firstAnswer;
      if (this.idempotency === 'replay' && first !== null) {
        const body =
          typeof first.body === 'string' || !('traceid' in first.body)
            ? first.body
            : { ...first.body, traceid };
        return { answer: { ...first, body, fault: 'none' }, by: 'idempotency' };
      }
      return { answer: currentStateAnswer({ traceid }, existing.attempts.at(-1)!), by: 'idempotency' };
    }

    const { ctx, made } = this.payInContext('business', rec, version, traceid, existing);
    const scripted = this.runScripts(this.scripts.payIn, ctx);
    const answer = scripted ?? this.plainPayIn(ctx);
    const created = made();
    if (created !== null) {
      if (created.order.firstAnswer === null) created.order.firstAnswer = { ...answer, fault: 'none' };
      if (
        this.autoNotify &&
        created.attempt.state !== 'processing' &&
        created.order.callBackURL !== undefined
      ) {
        this.background(this.notify(created.order, { orderId: created.attempt.orderId }));
      }
    }
    return { answer, by: scripted === undefined ? 'default' : 'script' };
  }

  // -------------------------------------------------------------------------------------------------
  // KYC

  private kycContext(stage: 'front' | 'business', rec: ReceivedRequest, traceid: string): KycContext {
    const base = this.shapeContext(stage, rec, traceid);
    const records = Array.isArray(base.fields.data) ? base.fields.data.filter(isObject) : [];
    let batch: KycBatch | null = null;
    const ctx: KycContext = {
      ...base,
      records,
      accept: (count) => {
        if (stage === 'front') throw new Error('a front-stage shape cannot accept KYC records');
        if (batch !== null) return batch;
        const n = Math.max(0, Math.min(records.length, Math.floor(count)));
        const userIds = records.map((r) => str(r.userId));
        batch = {
          requestSeq: rec.seq,
          traceid,
          sent: records.length,
          accepted: n,
          userIds,
          acceptedUserIds: userIds.slice(0, n),
        };
        for (const r of records.slice(0, n)) this.kycRecords.set(str(r.userId), r);
        this.kycBatches.push(batch);
        return batch;
      },
      defaultAnswer: () => {
        if (stage === 'front') throw new Error('the plain vendor answers at the business stage only');
        ctx.accept(records.length);
        return { httpStatus: 200, body: envelope(ctx, 0, 'success', { count: records.length }) };
      },
    };
    return ctx;
  }

  private handleKyc(
    req: IncomingMessage,
    res: ServerResponse,
    rec: ReceivedRequest,
    tooLarge: boolean,
  ): void {
    const { answer, by } = this.decideKyc(req, rec, tooLarge);
    this.send(res, rec, answer, by);
  }

  private decideKyc(req: IncomingMessage, rec: ReceivedRequest, tooLarge: boolean): Decision {
    const traceid = newTraceId();
    const front = this.runScripts(this.scripts.kycFront, this.kycContext('front', rec, traceid));
    if (front !== undefined) return { answer: front, by: 'front-script' };
    const refused =
      this.transportCheck(req, rec, traceid, 'application/json', tooLarge) ??
      this.authCheck('kyc', rec.fields!, traceid, this.verifyKycSign);
    if (refused) return refused;
    const invalid = validateKyc(rec.fields!);
    if (invalid) return this.refusal(traceid, invalid, 'validation');
    const ctx = this.kycContext('business', rec, traceid);
    const scripted = this.runScripts(this.scripts.kyc, ctx);
    return { answer: scripted ?? ctx.defaultAnswer(), by: scripted === undefined ? 'default' : 'script' };
  }

  // -------------------------------------------------------------------------------------------------
  // Browser pages (§6: 3DS return to retURL, result to successURL / failURL)

  private handlePage(
    req: IncomingMessage,
    res: ServerResponse,
    rec: ReceivedRequest,
    orderId: string,
    finish: boolean,
  ): void {
    this.send(res, rec, this.decidePage(req, rec, orderId, finish), 'page');
  }

  private decidePage(req: IncomingMessage, rec: ReceivedRequest, orderId: string, finish: boolean): Answer {
    const html = (httpStatus: number, body: string): Answer => ({
      httpStatus,
      body,
      contentType: 'text/html; charset=utf-8',
    });
    if (req.method !== 'GET' && req.method !== 'POST') return html(405, '<p>Method not allowed</p>');
    const order = this.ordersById.get(orderId);
    const attempt = order?.attempts.find((a) => a.orderId === orderId);
    if (order === undefined || attempt === undefined) {
      return html(404, `<p>Unknown order ${escapeHtml(orderId)}</p>`);
    }
    const finishUrl = `${this.url}/page/${orderId}/finish`;
    const page = (): Answer => {
      const done = attempt.state === 'processing' ? {} : { done: `Payment ${statusText(attempt.state)}` };
      return html(200, challengePage({ orderId, amount: attempt.amount, finishUrl, ...done }));
    };
    if (!finish) return page();
    const query = new URLSearchParams(rec.url.split('?')[1] ?? '');
    const choice = str(rec.fields?.outcome) || (query.get('outcome') ?? '');
    const outcome = /^approved?$/.test(choice)
      ? 'approved'
      : /^declined?$/.test(choice)
        ? 'declined'
        : undefined;
    if (outcome === undefined) return html(400, '<p>outcome must be approve or decline</p>');
    const remark = outcome === 'declined' ? 'Cardholder authentication failed' : undefined;
    const target = this.finishAttempt(order, attempt, outcome, remark, 'page');
    if (target === null) return page();
    if (target.method === 'POST') return html(200, returnForm(target.url, target.params));
    return {
      httpStatus: this.browserReturn.method === 303 ? 303 : 302,
      body: '',
      contentType: '',
      headers: { location: target.url },
    };
  }
}
