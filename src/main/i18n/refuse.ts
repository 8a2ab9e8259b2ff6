// A refusal worded from the catalogue: its message in English (the log's, and the fallback), and its key
// and values, which the renderer says in the language of whoever reads it (lib/paydesk.ts). The only place
// a Refusal is made from a key: scripts/check-refusal-words.ts fails on one made elsewhere without words.

import type { MessageKey, MessageValues } from '@shared/i18n/messages';
import type { IpcError, IpcResult, RefusalWords } from '@shared/ipc';
import type { z } from 'zod';
import { Refusal } from '../refusal';
import { describeIssueWorded } from './issue-words';
import { worded } from './worded';
import { inEnglish } from './words';

/** The words of `key` with `values`, as a refusal (or a notice) carries them. */
export function wordsOf(key: MessageKey, values?: MessageValues): RefusalWords {
  return values === undefined ? { key } : { key, values };
}

/** The English of `words`: main's message for them. */
export function englishOf(words: RefusalWords): string {
  return inEnglish()(words.key as MessageKey, words.values);
}

export function refusal(
  kind: IpcError['kind'],
  key: MessageKey,
  values?: MessageValues,
  field?: string,
): Refusal {
  const { message, words } = worded(key, values);
  return new Refusal(kind, message, field, words);
}

/** A refusal of words made elsewhere (a shared check's, an audit verdict's): its message their English. */
export function refusalIn(kind: IpcError['kind'], words: RefusalWords, field?: string): Refusal {
  return new Refusal(kind, englishOf(words), field, words);
}

/** A refusal that crossed a process as a value (the KYC worker's), made a refusal again as it was. */
export function refusalFrom(error: IpcError): Refusal {
  const refused = new Refusal(error.kind, error.message, error.field, error.words);
  if (error.approval !== undefined) refused.approval = error.approval;
  return refused;
}

/**
 * Zod's first issue as an `invalid` refusal: the catalogue's words for zod's own message, or for a schema's
 * message the catalogue words (issue-words.ts); a schema's own words otherwise, as its author wrote them.
 */
export function issueRefusal(issues: readonly z.core.$ZodIssue[]): Refusal {
  const described = describeIssueWorded(issues);
  return new Refusal('invalid', described.message, described.field, described.words);
}

/** A refusal worded from the catalogue, answered as a value without a throw (the browser harness's own). */
export function refusedWith(
  kind: IpcError['kind'],
  key: MessageKey,
  values?: MessageValues,
): IpcResult<never> {
  return { ok: false, error: refusal(kind, key, values).toIpcError() };
}

/** A refusal as a verdict value (the session gate's `allows`), its message the English of its words. */
export function gateRefusal<K extends IpcError['kind']>(kind: K, words: RefusalWords) {
  return { ok: false as const, kind, message: englishOf(words), words };
}
