// What the payin.* channels answer: the pay-in service (payin-service.ts), receipts of settled pay-ins,
// and the host's bank-page windows (bank-page-windows.ts) for the pay-ins that need the bank.
import type { ChannelOutput, PayInResult } from '@shared/ipc';
import type { HandlersOf } from '../ipc/dispatch';
import type { Receipts } from '../receipt/receipt-service';
import type { BankPageWindows } from './bank-page-windows';
import type { PayInService } from './payin-service';

export function payInHandlers(deps: {
  payIns: PayInService;
  receipts: Receipts;
  bankPageView: ChannelOutput<'app.info'>['bankPageView'];
  bankPageWindows?: BankPageWindows;
}): HandlersOf<'payin'> {
  const { payIns, receipts } = deps;

  /** In window mode the bank page opens in the host's isolated window as soon as the answer asks for it. */
  function withBankWindow(result: PayInResult): PayInResult {
    if (result.bankPage && deps.bankPageView === 'window') {
      deps.bankPageWindows?.open(result.historyId, result.bankPage.url);
    }
    return result;
  }

  return {
    'payin.submit': async (input) => withBankWindow(await payIns.submit(input)),
    'payin.askAgain': async (input) => withBankWindow(await payIns.askAgain(input)),
    'payin.cancelBankPage': async ({ historyId }) => {
      const result = await payIns.cancelBankPage(historyId);
      deps.bankPageWindows?.close(historyId);
      return result;
    },
    'payin.focusBankPage': async ({ historyId }) => ({
      focused: deps.bankPageWindows?.focus(historyId) ?? false,
    }),
    'payin.receipt': async (request) => receipts.view(request),
    'payin.receiptPdf': (request) => receipts.pdf(request),
    'payin.storedCards': ({ userId }) => payIns.storedCardsFor(userId),
    'payin.forgetStoredCard': ({ ccStorageID }) => payIns.forgetStoredCard(ccStorageID),
    'payin.customer': ({ userId }) => payIns.returningCustomer(userId),
    'payin.underWay': () => payIns.underWay(),
    // In window mode the bank page's window opens again (or comes to the front when it is still open).
    'payin.reopenBankPage': async ({ historyId }) => {
      const result = payIns.reopenBankPage(historyId);
      if (deps.bankPageWindows?.focus(historyId)) return result;
      return withBankWindow(result);
    },
    'payin.markFollowUp': (input) => payIns.markFollowUp(input),
  };
}
