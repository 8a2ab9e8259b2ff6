// What other pages may ask of the Pay-in page (History's "Reopen the bank page" shows the pay-in's bank page
// on the Pay-in page's panel). The pay-in store registers the actions when it loads — with the pay-in page,
// which the shell always holds — so that a feature never imports another feature's store.

import { translate } from '@renderer/i18n/i18n';

interface PayInActions {
  /** The pay-in's bank page again, on the Pay-in page's panel; main's refusal is thrown to the caller. */
  reopenBankPage(historyId: number): Promise<void>;
}

let registered: PayInActions | undefined;

export function registerPayInActions(actions: PayInActions): void {
  registered = actions;
}

export function payInActions(): PayInActions {
  if (!registered) throw new Error(translate('payin.note.pageNotReady'));
  return registered;
}
