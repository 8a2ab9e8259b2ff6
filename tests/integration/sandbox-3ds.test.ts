// The browser part, followed as a browser would: the htmlSource form, the ACS page, the code posted as a
// form, then the redirects of A19 to a real local "merchant site". Also txMode=redirection.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ORDER_STATUS } from '@shared/gateway/order-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox';
import { inspectOrders, payV2, tradeNo } from '../support/sandbox/sandbox-helpers';

let sandbox: Sandbox;
let url: string;
let merchantSite: Server;
let siteUrl: string;
const siteHits: URL[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  url = sandbox.url;
  merchantSite = createServer((request, response) => {
    siteHits.push(new URL(request.url ?? '/', siteUrl));
    response.writeHead(200, { 'content-type': 'text/plain' }).end('merchant page');
  });
  await new Promise<void>((resolve) => merchantSite.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(merchantSite.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => merchantSite.close(resolve));
});

function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function formOf(html: string): { method: string; action: string } {
  const match = /<form\b[^>]*\bmethod="(\w+)"[^>]*\baction="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no form in: ${html}`);
  return { method: match[1]!.toLowerCase(), action: decodeEntities(match[2]!) };
}

async function getPage(pageUrl: string): Promise<{ status: number; html: string; location: string | null }> {
  const response = await fetch(pageUrl, { redirect: 'manual' });
  return { status: response.status, html: await response.text(), location: response.headers.get('location') };
}

/** Posts a form as a browser would, without following the redirect. */
async function submitForm(action: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  await response.arrayBuffer();
  return response.headers.get('location')!;
}

/** Pays with a 3-D Secure card and walks to the ACS page; answers the page's form action. */
async function startChallenge(
  overrides: Record<string, unknown>,
): Promise<{ acsAction: string; orderId: string; no: string }> {
  const no = tradeNo('3ds');
  const answer = await payV2(url, { cardNumber: '4000000000003220', merchantTradeNo: no, ...overrides });
  const data = answer.json.data!;
  expect(data.orderStatus).toBe(ORDER_STATUS.PROCESSING);
  const form = formOf(String(data.htmlSource));
  expect(form.method).toBe('get');
  const acs = await getPage(form.action);
  expect(acs.status).toBe(200);
  return { acsAction: formOf(acs.html).action, orderId: String(data.orderId), no };
}

describe('3-D Secure in h2h mode', () => {
  it('answers an accessible auto-submit page in htmlSource and the same in pageData', async () => {
    const answer = await payV2(url, { cardNumber: '4000000000003220' });
    const html = String(answer.json.data!.htmlSource);
    expect(answer.json.data!.pageData).toBe(html);
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<button type="submit">Continue<\/button>/);
    expect(html).toContain('<title>');
  });

  it('shows an ACS page with a labelled code field, and the order waits as PROCESSING', async () => {
    const { acsAction, no } = await startChallenge({});
    const acs = await getPage(acsAction);
    expect(acs.html).toMatch(/<html lang="en">/);
    expect(acs.html).toMatch(/<label for="code">/);
    expect(acs.html).toMatch(/<input id="code" name="code"/);
    expect(acs.html).toContain('400000******3220');
    expect((await inspectOrders(url, no))[0]).toMatchObject({ status: 'PROCESSING', orderStatus: 1 });
  });

  it('code 1234 approves; the browser goes to retURL with the result, which the merchant site receives', async () => {
    const { acsAction, orderId, no } = await startChallenge({
      retURL: `${siteUrl}/return?session=abc`,
      successURL: `${siteUrl}/success`,
      failURL: `${siteUrl}/fail`,
    });
    const location = await submitForm(acsAction, { code: '1234' });
    const target = new URL(location);
    expect(`${target.origin}${target.pathname}`).toBe(`${siteUrl}/return`);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      session: 'abc',
      orderId,
      merchantTradeNo: no,
      orderStatus: '2',
      status: 'COMPLETED',
    });
    const landing = await fetch(location);
    expect(landing.status).toBe(200);
    expect(siteHits.at(-1)!.pathname).toBe('/return');
    expect((await inspectOrders(url, no))[0]).toMatchObject({ status: 'COMPLETED', orderStatus: 2 });
  });

  it('without retURL an approval goes straight to successURL', async () => {
    const { acsAction, no } = await startChallenge({
      successURL: `${siteUrl}/success`,
      failURL: `${siteUrl}/fail`,
    });
    const target = new URL(await submitForm(acsAction, { code: '1234' }));
    expect(target.pathname).toBe('/success');
    expect(target.searchParams.get('merchantTradeNo')).toBe(no);
    expect(target.searchParams.get('status')).toBe('COMPLETED');
  });

  it('a wrong code declines and goes to failURL; the remark says why', async () => {
    const { acsAction, no } = await startChallenge({
      successURL: `${siteUrl}/success`,
      failURL: `${siteUrl}/fail`,
    });
    const target = new URL(await submitForm(acsAction, { code: '0000' }));
    expect(target.pathname).toBe('/fail');
    expect(target.searchParams.get('orderStatus')).toBe('15');
    expect((await inspectOrders(url, no))[0]).toMatchObject({
      orderStatus: 15,
      remark: '3-D Secure authentication failed',
    });
  });

  it('card 4000000000003063 fails authentication even with the right code', async () => {
    const no = tradeNo('3063');
    const answer = await payV2(url, {
      cardNumber: '4000000000003063',
      merchantTradeNo: no,
      failURL: `${siteUrl}/fail`,
    });
    const acs = await getPage(formOf(String(answer.json.data!.htmlSource)).action);
    const target = new URL(await submitForm(formOf(acs.html).action, { code: '1234' }));
    expect(target.pathname).toBe('/fail');
    expect((await inspectOrders(url, no))[0]!.orderStatus).toBe(15);
  });

  it('with no return address at all the sandbox shows a small result page', async () => {
    const { acsAction } = await startChallenge({});
    const location = await submitForm(acsAction, { code: '1234' });
    expect(location.startsWith(`${url}/_sandbox/result/`)).toBe(true);
    const page = await getPage(location);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Payment approved');
    expect(page.html).toMatch(/<html lang="en">/);
  });

  it('a second submission changes nothing: the first outcome stands', async () => {
    const { acsAction, no } = await startChallenge({
      successURL: `${siteUrl}/success`,
      failURL: `${siteUrl}/fail`,
    });
    await submitForm(acsAction, { code: '1234' });
    const again = new URL(await submitForm(acsAction, { code: '9999' }));
    expect(again.pathname).toBe('/success');
    expect((await inspectOrders(url, no))[0]!.status).toBe('COMPLETED');
  });

  it('asking again while waiting answers the same challenge page', async () => {
    const body = { cardNumber: '4000000000003220', merchantTradeNo: tradeNo('3dsretry') };
    const first = await payV2(url, body);
    const second = await payV2(url, body);
    expect(second.json.data!.orderId).toBe(first.json.data!.orderId);
    expect(second.json.data!.htmlSource).toBe(first.json.data!.htmlSource);
  });

  it('an unknown challenge link is a 404 page, not a crash', async () => {
    const page = await getPage(`${url}/_sandbox/acs/not-a-token`);
    expect(page.status).toBe(404);
    expect(page.html).toMatch(/<html lang="en">/);
  });

  it('a non-3DS order has no challenge page', async () => {
    const answer = await payV2(url, { txMode: 'redirection' });
    const token = new URL(String(answer.json.data!.redirectURL)).pathname.split('/').pop();
    expect((await getPage(`${url}/_sandbox/acs/${token}`)).status).toBe(404);
  });
});

describe('txMode=redirection: the hosted payment page', () => {
  it('answers redirectURL; the order waits; paying approves and goes to successURL', async () => {
    const no = tradeNo('hosted');
    const answer = await payV2(url, {
      txMode: 'redirection',
      merchantTradeNo: no,
      successURL: `${siteUrl}/success`,
      failURL: `${siteUrl}/fail`,
    });
    const data = answer.json.data!;
    expect(data).toMatchObject({ orderStatus: ORDER_STATUS.PROCESSING });
    expect(data.htmlSource).toBeUndefined();
    const hosted = await getPage(String(data.redirectURL));
    expect(hosted.status).toBe(200);
    expect(hosted.html).toMatch(/<html lang="en">/);
    expect((await inspectOrders(url, no))[0]!.status).toBe('PROCESSING');
    const target = new URL(await submitForm(formOf(hosted.html).action, {}));
    expect(target.pathname).toBe('/success');
    expect((await inspectOrders(url, no))[0]!.status).toBe('COMPLETED');
  });

  it('a declining card goes to failURL', async () => {
    const no = tradeNo('hosteddecl');
    const answer = await payV2(url, {
      txMode: 'redirection',
      merchantTradeNo: no,
      cardNumber: '4000000000000127',
      failURL: `${siteUrl}/fail`,
    });
    const hosted = await getPage(String(answer.json.data!.redirectURL));
    const target = new URL(await submitForm(formOf(hosted.html).action, {}));
    expect(target.pathname).toBe('/fail');
    expect((await inspectOrders(url, no))[0]).toMatchObject({ orderStatus: 15, remark: 'Incorrect CVV' });
  });

  it('a 3-D Secure card runs the ACS step from the hosted page', async () => {
    const no = tradeNo('hosted3ds');
    const answer = await payV2(url, {
      txMode: 'redirection',
      merchantTradeNo: no,
      cardNumber: '4000000000003220',
      retURL: `${siteUrl}/return`,
    });
    const hosted = await getPage(String(answer.json.data!.redirectURL));
    const acsUrl = await submitForm(formOf(hosted.html).action, {});
    const acs = await getPage(acsUrl);
    expect(acs.html).toMatch(/<label for="code">/);
    const target = new URL(await submitForm(formOf(acs.html).action, { code: '1234' }));
    expect(target.pathname).toBe('/return');
    expect(target.searchParams.get('status')).toBe('COMPLETED');
  });

  it('escapes what the merchant sent when it shows it', async () => {
    const no = `<b>"x"</b>${tradeNo('esc')}`;
    const answer = await payV2(url, { txMode: 'redirection', merchantTradeNo: no });
    const hosted = await getPage(String(answer.json.data!.redirectURL));
    expect(hosted.html).not.toContain('<b>"x"</b>');
    expect(hosted.html).toContain('&lt;b&gt;&quot;x&quot;&lt;/b&gt;');
  });
});
