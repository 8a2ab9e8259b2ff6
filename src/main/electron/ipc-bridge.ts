// Binds the IPC dispatcher to Electron: one ipcMain handler per contract channel, each refusing any
// caller but the app window's own top frame showing the app's own origin (as VS Code's validated IPC does).

import { IPC_CHANNEL_NAMES, IPC_PREFIX, type IpcEvent, type IpcResult } from '@shared/ipc';
import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron';
import type { IpcDispatcher } from '../ipc/dispatch';
import { originOf } from './renderer-protocol';

export function isTrustedSender(
  event: IpcMainInvokeEvent,
  window: BrowserWindow,
  appOrigin: string,
): boolean {
  const frame = event.senderFrame;
  if (!frame || event.sender !== window.webContents) return false;
  return frame === window.webContents.mainFrame && frame.parent === null && originOf(frame.url) === appOrigin;
}

export function bindIpc(
  ipcMain: IpcMain,
  window: BrowserWindow,
  dispatch: IpcDispatcher,
  appOrigin: string,
): () => void {
  for (const name of IPC_CHANNEL_NAMES) {
    ipcMain.handle(IPC_PREFIX + name, async (event, input: unknown): Promise<IpcResult<unknown>> => {
      if (!isTrustedSender(event, window, appOrigin)) {
        return { ok: false, error: { kind: 'forbidden', message: 'This caller may not use Paydesk IPC.' } };
      }
      return dispatch(name, input);
    });
  }
  return () => {
    for (const name of IPC_CHANNEL_NAMES) ipcMain.removeHandler(IPC_PREFIX + name);
  };
}

export function emitToWindow(window: BrowserWindow, event: IpcEvent, payload: unknown): void {
  if (!window.isDestroyed()) window.webContents.send(IPC_PREFIX + event, payload);
}
