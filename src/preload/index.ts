// Exposes window.paydesk, built from the IPC contract: invoke a named channel, or subscribe to a named
// event. Nothing else crosses, and never ipcRenderer itself.

import { IPC_CHANNEL_NAMES, IPC_EVENT_NAMES, IPC_PREFIX, type PaydeskApi } from '@shared/ipc';
import { contextBridge, ipcRenderer } from 'electron';

const channels = new Set<string>(IPC_CHANNEL_NAMES);
const events = new Set<string>(IPC_EVENT_NAMES);

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
};

contextBridge.exposeInMainWorld('paydesk', Object.freeze(api));
