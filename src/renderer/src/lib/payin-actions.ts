// What other pages may ask of the Pay-in page (History's "Reopen the bank page" shows the pay-in's bank page
// on the Pay-in page's panel). The pay-in store registers the actions when it loads — with the pay-in page,
// which the shell always holds — so that a feature never imports another feature's store.

interface PayInActions {
  /** The pay-in's bank page again, on the Pay-in page's panel; main's refusal is thrown to the caller. */
  reopenBankPage(historyId: number): Promise<void>;
}

let registered: PayInActions | undefined;

export function registerPayInActions(actions: PayInActions): void {
  registered = actions;
}

export function payInActions(): PayInActions {
  if (!registered) throw new Error('The Pay-in page is not ready yet: try again in a moment.');
  return registered;
}
