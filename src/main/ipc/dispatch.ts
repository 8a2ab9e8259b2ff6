// One entry for every IPC call, whatever carries it (Electron's ipcMain or the browser harness's HTTP
// bridge): the channel must be in the contract, the input must parse, and the answer is always a value —
// Electron would strip a thrown error down to its message, and the UI needs the kind.
import type { z } from 'zod';
import {
  type ChannelOutput,
  type IpcChannel,
  type IpcError,
  type IpcResult,
  ipcChannels,
} from '../../shared/ipc';

export class IpcFailure extends Error {
  constructor(
    readonly kind: IpcError['kind'],
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export type IpcHandlers = {
  [C in IpcChannel]: (input: z.output<(typeof ipcChannels)[C]['input']>) => Promise<ChannelOutput<C>>;
};

export type IpcDispatcher = (channel: string, input: unknown) => Promise<IpcResult<unknown>>;

function isChannel(channel: string): channel is IpcChannel {
  return Object.hasOwn(ipcChannels, channel);
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

export function createIpcDispatcher(
  handlers: IpcHandlers,
  onInternalError: (channel: string, error: unknown) => void,
): IpcDispatcher {
  return async (channel, rawInput) => {
    if (!isChannel(channel))
      return { ok: false, error: { kind: 'forbidden', message: `Unknown channel ${channel}.` } };
    const contract = ipcChannels[channel];
    const parsed = contract.input.safeParse(rawInput);
    if (!parsed.success) return { ok: false, error: describeIssue(parsed.error.issues) };
    try {
      const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
      const output = contract.output.parse(await handler(parsed.data));
      return { ok: true, data: output };
    } catch (error) {
      if (error instanceof IpcFailure) {
        const failure: IpcError = { kind: error.kind, message: error.message };
        if (error.field !== undefined) failure.field = error.field;
        return { ok: false, error: failure };
      }
      onInternalError(channel, error);
      return {
        ok: false,
        error: { kind: 'internal', message: 'Paydesk hit an internal error; it has been logged.' },
      };
    }
  };
}
