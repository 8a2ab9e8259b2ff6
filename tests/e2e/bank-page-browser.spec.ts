// The browser fields of a pay-in (A28): Paydesk describes its own browser, the one that shows the bank
// page. The Accept header is a constant no page can read, so it is measured here against the Chromium the
// tests run on; the user agent is the page's own. A pay-in sends both unless the agent typed others.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DOCUMENT_NAVIGATION_ACCEPT, DOCUMENT_NAVIGATION_ACCEPT_CHROMIUM } from '@shared/bank-page-browser';
import type { PaydeskApi } from '@shared/ipc';
import { expect, test } from '../support/e2e/fixtures';
import { CARDS, customer, type PayInPage } from '../support/e2e/pages/payin-page';

test('the constant is the Accept header this Chromium sends for a page and for a frame', async ({
  browser,
  page,
}) => {
  expect(
    Number(browser.version().split('.')[0]),
    'the tests must run on the Chromium major the constant was measured with (Electron 45: 156); measure it again for another',
  ).toBe(DOCUMENT_NAVIGATION_ACCEPT_CHROMIUM);
  const accepts = new Map<string, string | undefined>();
  const server = createServer((request, response) => {
    accepts.set(request.url ?? '', request.headers.accept);
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(
      request.url === '/' ? '<!doctype html><iframe src="/frame"></iframe>' : '<!doctype html>frame',
    );
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await expect(page.frameLocator('iframe').locator('body')).toHaveText('frame');
    expect(accepts.get('/')).toBe(DOCUMENT_NAVIGATION_ACCEPT);
    expect(accepts.get('/frame')).toBe(DOCUMENT_NAVIGATION_ACCEPT);
  } finally {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

/** The request history kept of the pay-in with this order number. */
async function sentRequest(payin: PayInPage): Promise<Record<string, unknown>> {
  const orderNumber = await payin.factText('Order number');
  const request = await payin.page.evaluate(async (text) => {
    const api = (globalThis as unknown as { paydesk: PaydeskApi }).paydesk;
    const found = await api.invoke('history.query', { text });
    if (!found.ok) throw new Error(found.error.message);
    const row = found.data.rows[0];
    return row && 'request' in row ? row.request : undefined;
  }, orderNumber);
  return JSON.parse(String(request)) as Record<string, unknown>;
}

test("a pay-in describes Paydesk's browser, unless the agent typed another", async ({ payin, page }) => {
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const section = payin.form.getByRole('button', { name: /^Browser/ });
  await section.click();
  const accept = payin.form.getByRole('textbox', { name: 'Browser Accept header (clientHTTPAccept)' });
  const agent = payin.form.getByRole('textbox', { name: 'Browser user agent (clientHTTPUserAgent)' });
  await expect(accept).toHaveValue(DOCUMENT_NAVIGATION_ACCEPT);
  await expect(agent).toHaveValue(userAgent);

  await payin.payApproved(customer('browser-own'), CARDS.approve, '17.00');
  expect(await sentRequest(payin)).toMatchObject({
    clientHTTPAccept: DOCUMENT_NAVIGATION_ACCEPT,
    clientHTTPUserAgent: userAgent,
  });

  // The form starts a new payment after an approval: the same customer again, another browser typed.
  await payin.result.getByRole('button', { name: 'Same customer again' }).click();
  await agent.fill('Mozilla/5.0 (typed by the agent)');
  await payin.fillCard(CARDS.approve);
  await payin.amount.fill('18.00');
  await payin.send.click();
  await expect(payin.fact('Amount')).toContainText('18.00');
  await payin.expectOutcome('Approved');
  expect((await sentRequest(payin)).clientHTTPUserAgent).toBe('Mozilla/5.0 (typed by the agent)');
});
