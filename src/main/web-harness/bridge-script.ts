// window.paydesk for a plain browser page: what the preload gives the Electron window, written for the
// browser harness over its HTTP bridge (calls) and server-sent events (the event table), built from the
// contract's channel and event names so that the page can call nothing else.
import { IPC_CHANNEL_NAMES, IPC_EVENT_NAMES } from '@shared/ipc';

/** window.paydesk for a plain browser page, built from the contract's channel and event names. */
export function bridgeScript(): string {
  return `(() => {
  const channels = new Set(${JSON.stringify(IPC_CHANNEL_NAMES)});
  const events = new Set(${JSON.stringify(IPC_EVENT_NAMES)});
  const params = new URLSearchParams(location.search);
  if (params.has('token')) sessionStorage.setItem('paydesk-token', params.get('token'));
  const token = sessionStorage.getItem('paydesk-token') || '';
  const listeners = new Map();
  const source = new EventSource('/__events?token=' + encodeURIComponent(token));
  source.onmessage = (message) => {
    const { event, payload } = JSON.parse(message.data);
    for (const listener of listeners.get(event) || []) listener(payload);
  };
  const api = {
    async invoke(channel, input) {
      if (!channels.has(channel)) throw new Error('Unknown Paydesk channel ' + channel);
      const response = await fetch('/__ipc/' + channel, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paydesk-token': token },
        body: JSON.stringify({ input }),
      });
      return response.json();
    },
    on(event, listener) {
      if (!events.has(event)) throw new Error('Unknown Paydesk event ' + event);
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(listener);
      return () => listeners.get(event).delete(listener);
    },
  };
  Object.defineProperty(window, 'paydesk', { value: Object.freeze(api), writable: false });
})();
`;
}
