// Exposes window.paydesk to the renderer. Filled from the IPC contract (src/shared/ipc.ts).
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('paydesk', Object.freeze({ version: '0.1.0' }));
