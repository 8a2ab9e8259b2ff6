// What every route module is given: the merchants, the store and the outgoing notification sender.
import type { KeyObject } from 'node:crypto';
import type { CallbackSender } from './callbacks';
import type { SandboxMerchant } from './merchants';
import type { SandboxStore } from './store';

export type SandboxContext = {
  readonly store: SandboxStore;
  readonly merchants: ReadonlyMap<number, SandboxMerchant>;
  readonly callbacks: CallbackSender;
  /** Keys the stored-card tokens and request-body hashes; never leaves the sandbox. */
  readonly secretKey: KeyObject;
  readonly slowFaultDelayMs: number;
  /** Aborted when the sandbox closes, so that a slow-fault answer does not hold the shutdown. */
  readonly shutdown: AbortSignal;
  /** `http://host:port` once the server listens: pages and redirect URLs point here. */
  baseUrl: string;
};
