// A feature asks the shell to show another page (History's "Reopen the bank page" shows the Pay-in page):
// the shell holds which page is shown and listens here; lib/ cannot import the shell.
import { create } from 'zustand';

/** The pages a feature may ask for: the shell's page ids (shell/pages.ts). */
type RequestedPage = 'payin' | 'kyc' | 'history' | 'settings';

interface PageRequestState {
  /** The latest request; `seq` tells two requests for the same page apart. */
  latest: { page: RequestedPage; seq: number } | undefined;
  request: (page: RequestedPage) => void;
}

export const usePageRequest = create<PageRequestState>((set, get) => ({
  latest: undefined,
  request(page) {
    set({ latest: { page, seq: (get().latest?.seq ?? 0) + 1 } });
  },
}));
