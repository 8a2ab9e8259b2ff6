// Exposes window.paydesk, built from the IPC contract: invoke a named channel, subscribe to a named event,
// or open a KYC file the operator dropped or picked. Nothing else crosses, and never ipcRenderer itself.
// A path never comes from the page: openKycFile takes the File and asks Electron where it lies on disk.

import {
  IPC_CHANNEL_NAMES,
  IPC_EVENT_NAMES,
  IPC_PREFIX,
  type IpcFileChannel,
  type IpcResult,
  type PaydeskApi,
} from '@shared/ipc';
import { contextBridge, ipcRenderer, webUtils } from 'electron';

const channels = new Set<string>(IPC_CHANNEL_NAMES);
const events = new Set<string>(IPC_EVENT_NAMES);

const notOnDisk: IpcResult<never> = {
  ok: false,
  error: {
    kind: 'invalid',
    message: 'Paydesk opens files dropped or chosen from disk; this one is not on disk.',
  },
};

const api: PaydeskApi = {
  invoke: ((channel: string, input?: unknown) => {
    if (!channels.has(channel)) return Promise.reject(new Error(`Unknown Paydesk channel ${channel}`));
    return ipcRenderer.invoke(IPC_PREFIX + channel, input);
  }) as PaydeskApi['invoke'],
  on: ((event: string, listener: (payload: unknown) => void) => {
    if (!events.has(event)) throw new Error(`Unknown Paydesk event ${event}`);
    const wrapped = (_event: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(IPC_PREFIX + event, wrapped);
    return () => ipcRenderer.removeListener(IPC_PREFIX + event, wrapped);
  }) as PaydeskApi['on'],
  openKycFile: ((file: File) => {
    let path = '';
    try {
      // '' for a File the page made itself; it throws for anything that is not a File.
      path = webUtils.getPathForFile(file);
    } catch {
      path = '';
    }
    if (!path) return Promise.resolve(notOnDisk);
    return ipcRenderer.invoke(IPC_PREFIX + ('kyc.openPath' satisfies IpcFileChannel), { path });
  }) as PaydeskApi['openKycFile'],
};

contextBridge.exposeInMainWorld('paydesk', Object.freeze(api));
