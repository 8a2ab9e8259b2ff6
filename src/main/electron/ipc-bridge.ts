// Binds the IPC dispatcher to Electron: one ipcMain handler per contract channel, each refusing any
// caller but the app window's own top frame showing the app's own origin (as VS Code's validated IPC does).

import {
  IPC_CHANNEL_NAMES,
  IPC_FILE_CHANNEL_NAMES,
  IPC_PREFIX,
  type IpcEvent,
  type IpcResult,
} from '@shared/ipc';
import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron';
import type { IpcDispatcher } from '../ipc/dispatch';
import { originOf } from './renderer-protocol';

function isTrustedSender(event: IpcMainInvokeEvent, window: BrowserWindow, appOrigin: string): boolean {
  const frame = event.senderFrame;
  if (!frame || event.sender !== window.webContents) return false;
  return frame === window.webContents.mainFrame && frame.parent === null && originOf(frame.url) === appOrigin;
}

/**
 * One handler per contract channel and per file channel (ipcFileChannels, answered by `dispatchFile`). The
 * file channels share the prefix but not the preload's `invoke`, which names only the contract's channels:
 * only the preload's own openKycFile sends them, with a path it found from a File the operator gave.
 */
export function bindIpc(
  ipcMain: IpcMain,
  window: BrowserWindow,
  dispatch: IpcDispatcher,
  appOrigin: string,
  dispatchFile: IpcDispatcher,
): () => void {
  const bound: [string, IpcDispatcher][] = [
    ...IPC_CHANNEL_NAMES.map((name): [string, IpcDispatcher] => [name, dispatch]),
    ...IPC_FILE_CHANNEL_NAMES.map((name): [string, IpcDispatcher] => [name, dispatchFile]),
  ];
  for (const [name, answer] of bound) {
    ipcMain.handle(IPC_PREFIX + name, async (event, input: unknown): Promise<IpcResult<unknown>> => {
      if (!isTrustedSender(event, window, appOrigin)) {
        return { ok: false, error: { kind: 'forbidden', message: 'This caller may not use Paydesk IPC.' } };
      }
      return answer(name, input);
    });
  }
  return () => {
    for (const [name] of bound) ipcMain.removeHandler(IPC_PREFIX + name);
  };
}

export function emitToWindow(window: BrowserWindow, event: IpcEvent, payload: unknown): void {
  if (!window.isDestroyed()) window.webContents.send(IPC_PREFIX + event, payload);
}
