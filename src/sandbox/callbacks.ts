// Payment-result notifications to callBackURL (assumption A12): POST JSON signed like a request, retried
// with exponential backoff on a non-2xx answer or a network error, 5 attempts in all, each one recorded.
// Like a remote gateway, it posts wherever the pay-in said: Paydesk's loopback listener, or a merchant's
// notification service at an https address (with its certificate verified; `ca` adds a CA to the system's).

import { rootCertificates } from 'node:tls';
import type { PaymentCallback } from '@shared/gateway/callback';
import { Agent } from 'undici';
import { signBody } from '../node/sign';
import type { SandboxMerchant } from './merchants';
import type { OrderRow, SandboxStore } from './store';

export const CALLBACK_MAX_ATTEMPTS = 5;
const ATTEMPT_TIMEOUT_MS = 10_000;

type CallbackSenderOptions = {
  store: SandboxStore;
  merchants: ReadonlyMap<number, SandboxMerchant>;
  backoffMs: number;
  newTraceId: () => string;
  /** A CA (PEM) trusted beside the system's for an https `callBackURL`. */
  ca?: string;
};

export class CallbackSender {
  readonly #options: CallbackSenderOptions;
  readonly #abort = new AbortController();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #agent: Agent | undefined;

  constructor(options: CallbackSenderOptions) {
    this.#options = options;
    if (options.ca) this.#agent = new Agent({ connect: { ca: [...rootCertificates, options.ca] } });
  }

  /** Starts delivery of an order's final outcome; returns at once, the attempts run in the background. */
  notify(order: OrderRow): void {
    if (!order.callBackURL || this.#abort.signal.aborted) return;
    const merchant = this.#options.merchants.get(order.merchantId);
    if (!merchant) return;
    const unsigned = {
      merchantId: order.merchantId,
      merchantTradeNo: order.merchantTradeNo,
      orderId: order.orderId,
      orderStatus: order.orderStatus,
      amount: order.amount,
      remark: order.remark,
      traceid: this.#options.newTraceId(),
    };
    const payload: PaymentCallback = {
      ...unsigned,
      sign: signBody(unsigned, merchant.secret, merchant.algorithm),
    };
    this.#schedule(order.callBackURL, JSON.stringify(payload), order.orderId, payload.traceid, 1, 0);
  }

  #schedule(url: string, body: string, orderId: string, traceid: string, attempt: number, delayMs: number) {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      void this.#attempt(url, body, orderId, traceid, attempt);
    }, delayMs);
    this.#timers.add(timer);
  }

  async #attempt(url: string, body: string, orderId: string, traceid: string, attempt: number) {
    let httpStatus: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        redirect: 'manual',
        ...(this.#agent && { dispatcher: this.#agent as unknown as RequestInit['dispatcher'] }),
        signal: AbortSignal.any([this.#abort.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
      });
      httpStatus = response.status;
      // Read the answer so that the connection is released; its content does not matter.
      await response.arrayBuffer().catch(() => undefined);
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    if (this.#abort.signal.aborted) return;
    const delivered = httpStatus !== null && httpStatus >= 200 && httpStatus < 300;
    this.#options.store.addCallbackAttempt({
      orderId,
      attempt,
      at: new Date().toISOString(),
      traceid,
      httpStatus,
      error,
      delivered,
    });
    if (delivered || attempt >= CALLBACK_MAX_ATTEMPTS) return;
    // 1x, 2x, 4x, 8x the base between attempts.
    this.#schedule(url, body, orderId, traceid, attempt + 1, this.#options.backoffMs * 2 ** (attempt - 1));
  }

  /** Stops every pending and running delivery: the sandbox is closing. */
  close(): void {
    this.#abort.abort();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    void this.#agent?.destroy().catch(() => undefined);
  }
}
