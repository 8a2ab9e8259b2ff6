// window.paydesk for a plain browser page: what the preload gives the Electron window, written for the
// browser harness over its HTTP bridge (calls), server-sent events (the event table) and an upload (a KYC
// file), built from the contract's channel and event names so that the page can call nothing else.
import { IPC_CHANNEL_NAMES, IPC_EVENT_NAMES } from '@shared/ipc';
import { BANK_PAGE_RETURNED_MESSAGE } from '@shared/notification-service';

/** Where the page sends a KYC file's bytes (web-harness.ts, kyc-upload.ts). */
export const UPLOAD_PATH = '/__upload/kyc';

/**
 * Where the page says that a bank page in its frame reached a return page of the profile's notification
 * service (web-harness.ts): what the Electron app's bank window sees as a navigation.
 */
export const BANK_PAGE_RETURNED_PATH = '/__bank-page/returned';

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
    // The File's bytes as the request body, which the browser streams from the file (the page never
    // holds them); the harness writes them to a temporary file that main opens by path.
    async openKycFile(file) {
      if (!(file instanceof File)) throw new Error('openKycFile takes a File');
      const response = await fetch(${JSON.stringify(UPLOAD_PATH)}, {
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          'x-paydesk-token': token,
          'x-paydesk-file-name': encodeURIComponent(file.name),
        },
        body: file,
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
  // A notification service that lets this harness frame its return pages (its returnPage.frameAncestors)
  // says so from the bank page's frame or popup: the message must come from the frame of a pay-in
  // (data-history-id, BankPage.tsx) or the popup the panel opened for one (named paydesk-bank-<id>), and
  // name an address of the origin that sent it; main checks that it is one of the profile's service's
  // return pages (payin-feature.ts, bankPageReturned), as for the app's bank window.
  const bankPopups = new Map();
  const open = window.open.bind(window);
  window.open = (url, name, features) => {
    const opened = open(url, name, features);
    const popupOf = /^paydesk-bank-([0-9]+)$/.exec(String(name || ''));
    if (opened && popupOf) bankPopups.set(opened, Number(popupOf[1]));
    return opened;
  };
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (!data || data.type !== ${JSON.stringify(BANK_PAGE_RETURNED_MESSAGE)} || typeof data.url !== 'string') return;
    let origin;
    try {
      origin = new URL(data.url).origin;
    } catch {
      return;
    }
    if (origin !== event.origin) return;
    const frame = Array.from(document.querySelectorAll('iframe[data-history-id]')).find(
      (candidate) => candidate.contentWindow === event.source,
    );
    const historyId = frame ? Number(frame.dataset.historyId) : bankPopups.get(event.source);
    if (!historyId) return;
    void fetch(${JSON.stringify(BANK_PAGE_RETURNED_PATH)}, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paydesk-token': token },
      body: JSON.stringify({ historyId, url: data.url }),
    });
  });
  Object.defineProperty(window, 'paydesk', { value: Object.freeze(api), writable: false });
})();
`;
}
