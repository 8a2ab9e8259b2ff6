// The messages between main and the KYC worker. A refusal (Refusal) crosses as its kind, message and words so
// that main can throw the same refusal; anything else is an internal error and keeps its stack for the log.
import type { IpcError, RefusalWords } from '@shared/ipc';
import { refusalFrom } from '../../i18n/refuse';
import { Refusal } from '../../refusal';
import type { PackedChecks } from '../checking/packed-checks';
import type { KycLimits } from '../limits';
import type { CheckJob, OpenedFile } from './open-file';

/**
 * The file an open job reads: its bytes in shared memory (a file a caller held in memory), or a descriptor
 * main opened and checked (a file opened by path), which the worker reads itself: threads share the
 * process's descriptors, so the bytes are read once, straight into the memory the batch then keeps.
 */
export type FileSource = { bytes: Uint8Array } | { fd: number; size: number };

export type WorkerJob =
  | { id: number; kind: 'open'; file: FileSource; fileName: string; limits: KycLimits }
  | { id: number; kind: 'check'; check: CheckJob };

/** Not a job: an idle thread collects its garbage (what a large file left in its heap), answering nothing. */
export interface CollectRequest {
  kind: 'collect';
}

export type WorkerFailure =
  | { refusal: true; kind: IpcError['kind']; message: string; field?: string; words?: RefusalWords }
  | { refusal: false; message: string; stack?: string };

export type WorkerReply =
  | { id: number; ok: true; kind: 'open'; opened: OpenedFile }
  | { id: number; ok: true; kind: 'check'; checks: PackedChecks }
  | { id: number; ok: false; failure: WorkerFailure };

export function failureOf(error: unknown): WorkerFailure {
  if (error instanceof Refusal) return { refusal: true, ...error.toIpcError() };
  if (error instanceof Error) return { refusal: false, message: error.message, stack: error.stack };
  return { refusal: false, message: String(error) };
}

export function errorOf(failure: WorkerFailure): Error {
  if (failure.refusal) {
    const { refusal: _refusal, ...error } = failure;
    return refusalFrom(error);
  }
  const error = new Error(`KYC worker: ${failure.message}`);
  if (failure.stack) error.stack = failure.stack;
  return error;
}
