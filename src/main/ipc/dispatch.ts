// One entry for every IPC call, whatever carries it (Electron's ipcMain or the browser harness's HTTP
// bridge): the channel must be in the contract, the input must parse, and the answer is always a value —
// Electron would strip a thrown error down to its message, and the UI needs the kind. A refusal a service
// threw (refusal.ts) becomes that value here; anything else is logged and answered as an internal error.

import {
  type ChannelOutput,
  type IpcChannel,
  type IpcFileChannel,
  type IpcResult,
  ipcChannels,
  ipcFileChannels,
} from '@shared/ipc';
import type { z } from 'zod';
import { describeIssueWorded } from '../i18n/issue-words';
import { refusal } from '../i18n/refuse';
import { Refusal } from '../refusal';

export type IpcHandlers = {
  [C in IpcChannel]: (input: z.output<(typeof ipcChannels)[C]['input']>) => Promise<ChannelOutput<C>>;
};

/** What the file channels answer (ipcFileChannels: a path a host derived, never one the page named). */
export type FileHandlers = {
  [C in IpcFileChannel]: (
    input: z.output<(typeof ipcFileChannels)[C]['input']>,
  ) => Promise<z.output<(typeof ipcFileChannels)[C]['output']>>;
};

/** The contract's channels named `<group>.…`, e.g. ChannelsOf<'kyc'>. */
export type ChannelsOf<Group extends string> = Extract<IpcChannel, `${Group}.${string}`>;

/**
 * What one feature answers: its channels' handlers, a Pick of IpcHandlers (each feature exports one, e.g.
 * kyc/kyc-handlers.ts, and the composition root spreads them into the whole map).
 */
export type HandlersOf<Group extends string> = Pick<IpcHandlers, ChannelsOf<Group>>;

export type IpcDispatcher = (channel: string, input: unknown) => Promise<IpcResult<unknown>>;

type ChannelTable = Record<string, { input: z.ZodType; output: z.ZodType }>;

function dispatcherOver(
  table: ChannelTable,
  handlers: Record<string, (input: never) => Promise<unknown>>,
  onInternalError: (channel: string, error: unknown) => void,
): IpcDispatcher {
  return async (channel, rawInput) => {
    if (!Object.hasOwn(table, channel))
      return {
        ok: false,
        error: refusal('forbidden', 'refusal.ipc.unknownChannel', { channel }).toIpcError(),
      };
    const contract = table[channel]!;
    const parsed = contract.input.safeParse(rawInput);
    if (!parsed.success) return { ok: false, error: describeIssueWorded(parsed.error.issues) };
    try {
      const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
      const output = contract.output.parse(await handler(parsed.data));
      return { ok: true, data: output };
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, error: error.toIpcError() };
      onInternalError(channel, error);
      return { ok: false, error: refusal('internal', 'refusal.ipc.internal').toIpcError() };
    }
  };
}

export function createIpcDispatcher(
  handlers: IpcHandlers,
  onInternalError: (channel: string, error: unknown) => void,
): IpcDispatcher {
  return dispatcherOver(ipcChannels, handlers, onInternalError);
}

/** The same dispatcher over the file channels alone: a host calls it, never with a channel the page named. */
export function createFileDispatcher(
  handlers: FileHandlers,
  onInternalError: (channel: string, error: unknown) => void,
): IpcDispatcher {
  return dispatcherOver(ipcFileChannels, handlers, onInternalError);
}
