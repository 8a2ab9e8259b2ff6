// The renderer's only way to main: window.paydesk, typed from the IPC contract. `call` unwraps the result
// value and turns a failure into a PaydeskError that keeps the kind the UI branches on.

import { translate } from '@renderer/i18n/i18n';
import { namedValues } from '@renderer/i18n/named-values';
import type {
  ChannelArgs,
  ChannelOutput,
  EventPayload,
  IpcChannel,
  IpcError,
  IpcEvent,
  IpcResult,
  PaydeskApi,
} from '@shared/ipc';
import type { KycBatchSummary } from '@shared/kyc-batch';
import { askForApproval } from './approval/approval-request';
import { approvalSummary } from './approval/summary-text';
import { wordsText } from './words-text';

declare global {
  interface Window {
    paydesk: PaydeskApi;
  }
}

/**
 * `bridge`: no answer came back from main (the bridge threw or is missing). For a pay-in that means the
 * request may or may not have left, which the pay-in page treats as an unknown outcome.
 */
type PaydeskErrorKind = IpcError['kind'] | 'bridge';

export class PaydeskError extends Error {
  readonly kind: PaydeskErrorKind;
  /** The form field the failure names, without the contract's `fields.` prefix. */
  readonly field: string | undefined;

  constructor(kind: PaydeskErrorKind, message: string, field?: string) {
    super(message);
    this.name = 'PaydeskError';
    this.kind = kind;
    this.field = field === undefined ? undefined : fieldName(field);
  }
}

/** Contract paths look like `fields.cardNumber`; the form knows `cardNumber`. */
function fieldName(path: string): string {
  return path.startsWith('fields.') ? path.slice('fields.'.length) : path;
}

const lockedListeners = new Set<() => void>();

/** Main answered a call with `locked`: the operator lock listens here, whichever page made the call. */
export function onLockedAnswer(listener: () => void): () => void {
  lockedListeners.add(listener);
  return () => lockedListeners.delete(listener);
}

/**
 * A refusal in the reader's language when main sent its catalogue key (main/i18n/refuse.ts); main's English
 * message for a refusal without one, or with a key this renderer's catalogue does not have.
 */
function refusalText(error: IpcError): string {
  if (!error.words) return error.message;
  // A request given up: its summary in this language too, as the approval dialog said it.
  const named = namedValues(translate, error.words);
  const values = error.approval ? { ...named, summary: approvalSummary(error.approval) } : named;
  return wordsText(translate, { message: error.message, words: { ...error.words, values } });
}

/** The answer's data, or a PaydeskError: `bridge` when no answer came, else the kind main gave. */
async function answerOf<T>(ask: (api: PaydeskApi) => Promise<IpcResult<T>>): Promise<T> {
  if (typeof window.paydesk?.invoke !== 'function') {
    throw new PaydeskError('bridge', translate('desk.window.noMainProcess'));
  }
  const answer = async (): Promise<IpcResult<T>> => {
    try {
      return await ask(window.paydesk);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new PaydeskError('bridge', translate('desk.window.noAnswer', { reason: detail }));
    }
  };
  let result = await answer();
  // A call waiting for a supervisor's approval is made again once they approved it at this desk: the same
  // input, which main binds the approval to (operators/approvals.ts). Given up, it answers main's refusal.
  for (let asked = 0; !result.ok && result.error.approval && asked < 3; asked += 1) {
    if (!(await askForApproval(result.error.approval))) break;
    result = await answer();
  }
  if (result.ok) return result.data;
  if (result.error.kind === 'locked') for (const listener of lockedListeners) listener();
  throw new PaydeskError(result.error.kind, refusalText(result.error), result.error.field);
}

export function call<C extends IpcChannel>(channel: C, ...input: ChannelArgs<C>): Promise<ChannelOutput<C>> {
  return answerOf((api) => api.invoke(channel, ...input));
}

/** Opens a KYC file the operator dropped or picked: main reads it from disk (the host finds where). */
export function openKycFile(file: File): Promise<KycBatchSummary> {
  return answerOf((api) => api.openKycFile(file));
}

/** Subscribes to a main-process event; returns the unsubscribe function (a no-op without a bridge). */
export function subscribe<E extends IpcEvent>(event: E, listener: (payload: EventPayload<E>) => void) {
  if (typeof window.paydesk?.on !== 'function') return () => {};
  return window.paydesk.on(event, listener);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
