// How an IPC call is refused: the kinds the UI branches on, the message, and what goes with them (the field,
// a supervisor's approval to ask for, the catalogue's words). ipc.ts re-exports it with the contract.
import { z } from 'zod';
import { approvalRequestSchema } from './approvals';
import { type RefusalWords, refusalWordsSchema } from './refusal-words';

export const IPC_ERROR_KINDS = [
  'invalid',
  'duplicate_suspected',
  'not_found',
  'conflict',
  'locked',
  'keychain_unavailable',
  /** History could not be written before anything was sent: nothing left Paydesk. */
  'storage',
  'forbidden',
  /** Waits for a supervisor's approval at the desk (`approval` says what to show them); nothing was done. */
  'approval_needed',
  'internal',
] as const;
/**
 * A refusal's message as the catalogue's key and its values (main/i18n/refuse.ts): the renderer says it in
 * the reader's language; `message` holds the same in English, for logs and for a key it does not know.
 */
export { type RefusalWords, refusalWordsSchema };

const ipcErrorSchema = z.object({
  kind: z.enum(IPC_ERROR_KINDS),
  message: z.string(),
  field: z.string().optional(),
  approval: approvalRequestSchema.optional(),
  words: refusalWordsSchema.optional(),
});
export type IpcError = z.infer<typeof ipcErrorSchema>;
export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError };
