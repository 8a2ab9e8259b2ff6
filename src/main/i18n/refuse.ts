// A refusal worded from the catalogue: its message in English (the log's, and the fallback), and its key
// and values, which the renderer says in the language of whoever reads it (lib/paydesk.ts).

import type { MessageKey, MessageValues } from '@shared/i18n/messages';
import type { IpcError, IpcResult } from '@shared/ipc';
import { Refusal } from '../refusal';
import { worded } from './worded';

export function refusal(
  kind: IpcError['kind'],
  key: MessageKey,
  values?: MessageValues,
  field?: string,
): Refusal {
  const { message, words } = worded(key, values);
  const refused = new Refusal(kind, message, field);
  refused.words = words;
  return refused;
}

/** A refusal worded from the catalogue, answered as a value without a throw (the browser harness's own). */
export function refusedWith(
  kind: IpcError['kind'],
  key: MessageKey,
  values?: MessageValues,
): IpcResult<never> {
  return { ok: false, error: refusal(kind, key, values).toIpcError() };
}
