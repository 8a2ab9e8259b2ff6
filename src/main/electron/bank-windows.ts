// The Electron host's bank-page windows, one per pay-in that waits for the bank: opened when the gateway's
// answer asks for a 3-D Secure or hosted payment page, brought forward or closed on the renderer's request.
// A window that closes itself on a return address (the return listener's, or the profile's notification
// service's return pages) has finished; one the operator closes before that cancels the bank step (the
// pay-in's outcome stays open: the customer may still complete it).

import { isOpenableBankPageUrl } from '@shared/bank-page-url';
import type { BrowserWindow } from 'electron';
import type { BankPageWindows } from '../payin/bank-page-windows';
import { bringToFront, openBankPageWindow } from './window';

export function createBankPageWindows(options: {
  parent: () => BrowserWindow | undefined;
  /**
   * Whether a URL is one of the pay-in's return addresses: the bank step is over, and the window closes
   * itself. Asked once per pay-in that returns (the core records the browser's return, a hint).
   */
  isReturnAddress: (url: string, historyId: number) => boolean;
  /** The operator closed the window before the bank step finished. */
  onClosedEarly: (historyId: number) => void;
  /** The bank window's title, in the language of whoever is signed in when it opens. */
  title: () => string;
}): BankPageWindows {
  const open = new Map<number, BrowserWindow>();
  const finished = new Set<number>();

  return {
    open(historyId, url) {
      const parent = options.parent();
      if (!parent || open.has(historyId) || !isOpenableBankPageUrl(url)) return;
      const isFinished = (target: string) => {
        // Both the redirect and the navigation it ends in are seen: the return is reported once.
        if (finished.has(historyId)) return true;
        const done = options.isReturnAddress(target, historyId);
        if (done) finished.add(historyId);
        return done;
      };
      const window = openBankPageWindow(parent, url, isFinished, options.title());
      open.set(historyId, window);
      window.on('closed', () => {
        open.delete(historyId);
        if (!finished.delete(historyId)) options.onClosedEarly(historyId);
      });
    },
    focus(historyId) {
      const window = open.get(historyId);
      if (!window || window.isDestroyed()) return false;
      bringToFront(window);
      return true;
    },
    close(historyId) {
      const window = open.get(historyId);
      // Closed on the renderer's request, which has recorded the cancel already.
      finished.add(historyId);
      if (window && !window.isDestroyed()) window.close();
    },
  };
}
