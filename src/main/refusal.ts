// The refusal every service of main throws when it will not do what was asked: a kind from the contract
// (`IpcError`) the UI can act on, a message for the operator and, when it concerns one, the field. It is
// not an IPC thing: the KYC worker's parsers throw it too, so this module imports nothing but types — the
// worker's bundle must not carry the dispatcher and its channel table (ipc/dispatch.ts turns it into the
// answer's value).

import type { ApprovalRequest } from '@shared/approvals';
import type { IpcError, RefusalWords } from '@shared/ipc';
import type { z } from 'zod';

export class Refusal extends Error {
  /** For `approval_needed`: the request to show a supervisor (operators/approvals.ts). */
  approval?: ApprovalRequest;
  /** The catalogue's key and values of the message, for the renderer to say in the reader's language. */
  words?: RefusalWords;

  constructor(
    readonly kind: IpcError['kind'],
    message: string,
    readonly field?: string,
    words?: RefusalWords,
  ) {
    super(message);
    if (words !== undefined) this.words = words;
  }

  /** The refusal as the value an IPC answer (or a message from the KYC worker) carries. */
  toIpcError(): IpcError {
    const error: IpcError = { kind: this.kind, message: this.message };
    if (this.field !== undefined) error.field = this.field;
    if (this.approval !== undefined) error.approval = this.approval;
    if (this.words !== undefined) error.words = this.words;
    return error;
  }
}

/** A refusal never echoes a long input back (zod names every unknown key it found). */
const REFUSAL_MAX_LENGTH = 300;
const shortened = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** Zod's first issue as a sentence a person can act on, with the path of the field it concerns. */
export function describeIssue(issues: readonly z.core.$ZodIssue[]): IpcError {
  const first = issues[0];
  const path = first?.path.map(String).join('.') || undefined;
  const field = path === undefined ? undefined : shortened(path, 120);
  const message = shortened(
    first ? (field ? `${field}: ${first.message}` : first.message) : 'Invalid input.',
    REFUSAL_MAX_LENGTH,
  );
  return field === undefined ? { kind: 'invalid', message } : { kind: 'invalid', message, field };
}
