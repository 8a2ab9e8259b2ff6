// The bank-page windows a host may offer the core (the Electron host's are electron/bank-windows.ts): with
// `bankPageView: 'window'`, a pay-in that needs the bank opens its page in one, and the renderer may bring
// it forward or close it. The browser harness has none: its renderer shows the page itself.

export interface BankPageWindows {
  open(historyId: number, url: string): void;
  /** false when no window of this pay-in is open. */
  focus(historyId: number): boolean;
  close(historyId: number): void;
}
