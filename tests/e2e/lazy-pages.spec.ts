// The pay-in page starts with its own code alone: KYC batches, History and Settings come in chunks of their
// own, fetched in the background or when first opened. Here their chunks are held back at the harness, so
// what the agent meets without them is seen for certain: a pay-in form that works, a quiet loading line on
// a page opened too early, and a page that says so, and can try again, when its code does not come.
import type { Route } from '@playwright/test';
import { expect, test } from '../support/e2e/fixtures';
import { CARDS, customer } from '../support/e2e/pages/payin-page';

const LAZY_CHUNK = /\/assets\/(KycPage|HistoryPage|SettingsPage)-[^/]*\.js$/;
// The pay-in page's own lazy parts (shell/lazy-parts.tsx) and the Mantine code only they use.
const LAZY_PART_CHUNK =
  /\/assets\/(DuplicateDialog|ConfirmDialog|ReceiptDialog|TestCardsModal|LockScreen|OutcomeUnknownQueue|Modal|Table|ScrollArea|Tooltip)-[^/]*\.js$/;

/** Holds these chunks until `release`; the requests held so far, by chunk name. */
async function holdChunks(page: import('@playwright/test').Page, chunk: RegExp = LAZY_CHUNK) {
  const held: Route[] = [];
  let open = false;
  await page.route(chunk, (route) => (open ? route.continue() : void held.push(route)));
  return {
    names: () => held.map((route) => new URL(route.request().url()).pathname.split('/').pop()!.split('-')[0]),
    async release() {
      open = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test('the pay-in page works with none of the other pages’ code; a page opened early shows a loading line, then itself', async ({
  page,
  payin,
}) => {
  // The fixture opened the app already; again, with the other pages' chunks held back from the start.
  const chunks = await holdChunks(page);
  await payin.open();
  await payin.cardNumber.fill(CARDS.approve);
  await expect(payin.cardNumber).toHaveValue('4242 4242 4242 4242');
  await payin.expiry.fill('1230');
  await expect(payin.expiry).toHaveValue('12/30');

  await page.keyboard.press('Alt+2');
  const loading = page.getByTestId('page-loading');
  await expect(loading).toHaveText('Opening KYC batches…');
  await expect(page.getByRole('heading', { name: 'KYC batches', level: 2 })).toHaveCount(0);
  await expect.poll(() => chunks.names()).toContain('KycPage');

  // Back to the pay-in page while KYC is still loading: the typed card is still there.
  await page.keyboard.press('Alt+1');
  await expect(payin.cardNumber).toHaveValue('4242 4242 4242 4242');

  await chunks.release();
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('heading', { name: 'KYC batches', level: 2 })).toBeVisible();
  await expect(loading).toHaveCount(0);
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { name: 'History', level: 2 })).toBeVisible();
  await page.keyboard.press('Alt+4');
  await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  await page.keyboard.press('Alt+1');
  await expect(payin.cardNumber).toHaveValue('4242 4242 4242 4242');
});

test('a page whose code cannot be fetched says so, and opens when asked to try again', async ({
  page,
  payin,
}) => {
  let refuse = true;
  await page.route(/\/assets\/HistoryPage-[^/]*\.js$/, (route) =>
    refuse ? route.abort() : route.continue(),
  );
  await payin.open();
  await page.keyboard.press('Alt+3');
  const problem = page.getByRole('alert').filter({ hasText: 'History could not be opened' });
  await expect(problem).toBeVisible();
  refuse = false;
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'History', level: 2 })).toBeVisible();
});

test('a pay-in is typed, sent and shown with none of the dialogs’ code; a dialog asked for early opens once it is in', async ({
  page,
  payin,
}) => {
  const chunks = await holdChunks(page, LAZY_PART_CHUNK);
  await payin.open();
  await payin.payApproved(customer('lazy-parts'), CARDS.approve, '31.00');
  await expect(payin.fact('orderId')).toHaveText(/\S/);
  await expect(payin.result.getByRole('button', { name: /^Copy orderId/ })).toBeVisible();

  await payin.testCardsButton.click();
  await expect.poll(() => chunks.names()).toContain('TestCardsModal');
  const cards = page.getByRole('dialog', { name: 'Sandbox test cards' });
  await expect(cards).toHaveCount(0);
  await chunks.release();
  await expect(cards).toBeVisible();
});

test('a dialog whose code cannot be fetched says so in its place, and the form goes on', async ({
  page,
  payin,
}) => {
  await page.route(/\/assets\/TestCardsModal-[^/]*\.js$/, (route) => route.abort());
  await payin.open();
  await payin.testCardsButton.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Paydesk could not load this part of the page' }),
  ).toBeVisible();
  await payin.cardNumber.fill(CARDS.approve);
  await expect(payin.cardNumber).toHaveValue('4242 4242 4242 4242');
});
