// The scenarios of bench/ui.ts, each driving the harness's page in Chromium as an operator would and
// returning what the page's own instruments saw (ui-probe.ts): the start, typing a whole pay-in, opening a
// 22 MB KYC file, and scrolling the KYC grid, History and the plain-table peer with the wheel and the keys.
import { setTimeout as delay } from 'node:timers/promises';
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { cardFieldReadyProbe } from './card-field-probe';
import { type CpuProfile, startProfile, stopProfile } from './page-profile';
import { type ProbeState, startRecording, stopRecording, UI_PROBE } from './ui-probe';

const VIEWPORT = { width: 1280, height: 800 };

/** In the page, in its top frame: the frame in which the card field is first shown, enabled and editable. */
const READY_PROBE = `(() => {
  if (window !== window.top) return;
  ${cardFieldReadyProbe('window.__uiReady', { mainPageOnly: true })}
})();`;

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.addInitScript({ content: UI_PROBE });
  await page.addInitScript({ content: READY_PROBE });
  return { context, page };
}

async function until<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await delay(20);
  }
}

export interface StartSample {
  /** Navigation start → the painted frame with the card field usable. */
  ready: number;
  firstContentfulPaint: number;
  /** JavaScript the page had loaded by then (decoded bytes: the minified files), and 3 s later. */
  jsBytesAtReady: number;
  jsFilesAtReady: string[];
  jsBytesLater: number;
  jsFilesLater: string[];
}

interface JsResource {
  name: string;
  bytes: number;
  end: number;
}

const JS_RESOURCES = `performance.getEntriesByType('resource')
  .filter((r) => /\\.js(\\?|$)/.test(r.name) && !r.name.includes('/__harness/'))
  .map((r) => ({ name: r.name.split('/').pop(), bytes: r.decodedBodySize, end: r.responseEnd }))`;

/** The pay-in page from navigation to the card field accepting a keystroke, in a fresh context. */
export async function startPayIn(browser: Browser, url: string): Promise<StartSample> {
  const { context, page } = await newPage(browser);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const card = page
      .getByRole('form', { name: 'Card payment' })
      .getByRole('textbox', { name: 'Card number', exact: true });
    await card.pressSequentially('4');
    if ((await card.inputValue()).replace(/\D/g, '') !== '4') throw new Error('the keystroke did not land');
    const ready = await until(
      () =>
        page
          .evaluate<{ painted?: number; firstContentfulPaint?: number }>('({ ...window.__uiReady })')
          .then((probe) =>
            probe.painted !== undefined && probe.firstContentfulPaint !== undefined ? probe : undefined,
          ),
      'the ready probe',
    );
    const atReady = (await page.evaluate<JsResource[]>(JS_RESOURCES)).filter((r) => r.end <= ready.painted!);
    await delay(3_000);
    const later = await page.evaluate<JsResource[]>(JS_RESOURCES);
    const sum = (list: JsResource[]) => list.reduce((total, r) => total + r.bytes, 0);
    return {
      ready: ready.painted!,
      firstContentfulPaint: ready.firstContentfulPaint!,
      jsBytesAtReady: sum(atReady),
      jsFilesAtReady: atReady.map((r) => r.name),
      jsBytesLater: sum(later),
      jsFilesLater: later.map((r) => r.name),
    };
  } finally {
    await context.close();
  }
}

/** The empty peer page: navigation to its first contentful paint. */
export async function startEmpty(browser: Browser, url: string): Promise<number> {
  const { context, page } = await newPage(browser);
  try {
    await page.goto(url, { waitUntil: 'load' });
    return await until(
      () =>
        page
          .evaluate<number | null>(
            "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null",
          )
          .then((value) => value ?? undefined),
      'the empty page to paint',
    );
  } finally {
    await context.close();
  }
}

export interface Recorded {
  state: ProbeState;
  profile?: CpuProfile;
}

/** Runs `work` while the page records frames (and, with `profileFile`, a CPU profile). */
export async function record(page: Page, work: () => Promise<void>, profileFile?: string): Promise<Recorded> {
  const session = profileFile ? await page.context().newCDPSession(page) : undefined;
  if (session) await startProfile(session);
  await startRecording(page);
  await work();
  const state = await stopRecording(page);
  const profile = session && profileFile ? await stopProfile(session, profileFile) : undefined;
  await session?.detach();
  return { state, profile };
}

/** Types like a fast typist: key down, 35 ms, key up, the rest of `perKeyMs` until the next key. */
async function typeLikeATypist(page: Page, text: string, perKeyMs: number): Promise<void> {
  for (const char of text) {
    const started = performance.now();
    await page.keyboard.down(char);
    await delay(35);
    await page.keyboard.up(char);
    const left = perKeyMs - (performance.now() - started);
    if (left > 0) await delay(left);
  }
}

/** The app on its first page, the pay-in form usable (the shortcuts work from then on). */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(
    page
      .getByRole('form', { name: 'Card payment' })
      .getByRole('textbox', { name: 'Card number', exact: true }),
  ).toBeEditable();
}

/** The pay-in page, loaded and settled (the form usable, then half a second). */
export async function openPayIn(
  browser: Browser,
  url: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser);
  await openApp(page, url);
  await delay(500);
  return { context, page };
}

/** What typePayIn types, field by field (the country, first, is 5 keys more). */
const PAYIN_KEYS: readonly [string, string][] = [
  ['Customer id (userId)', 'cust-20261124-0042'],
  ['Card number', '4242424242424242'],
  ['Expiry (MM/YY)', '1227'],
  ['CVV', '123'],
  ['Amount', '1249.90'],
  ['First name', 'Jane'],
  ['Last name', 'Doe-Kowalski'],
  ['Mobile (without country code)', '6641234567'],
  ['Address', 'Kaerntner Strasse 12'],
  ['City', 'Wien'],
  ['Postcode', '1010'],
  ['Customer IP (IPv4)', '203.0.113.7'],
];

/** The same keys into one plain field of the empty page: the floor the browser sets at this pace. */
export async function typeIntoPeer(page: Page, perKeyMs: number): Promise<number> {
  await page.getByRole('textbox', { name: 'Peer field' }).click();
  const text = `Austr${PAYIN_KEYS.map(([, value]) => value).join('')}`;
  await typeLikeATypist(page, text, perKeyMs);
  return text.length;
}

/** A whole pay-in, field by field, clicking into each and typing at `perKeyMs` a key. */
export async function typePayIn(page: Page, perKeyMs: number): Promise<number> {
  const form = page.getByRole('form', { name: 'Card payment' });
  let keys = 0;
  // The country first: its searchable select's text replaced, the match taken with a click.
  await form.getByRole('combobox', { name: 'Country', exact: true }).click();
  await page.keyboard.press('Control+A');
  await typeLikeATypist(page, 'Austr', perKeyMs);
  await page.getByRole('option', { name: 'Austria (AT)', exact: true }).click();
  keys += 5;
  for (const [name, text] of PAYIN_KEYS) {
    await form.getByRole('textbox', { name, exact: true }).click();
    await typeLikeATypist(page, text, perKeyMs);
    keys += text.length;
  }
  await expect(form.getByRole('textbox', { name: 'Card number', exact: true })).toHaveValue(
    /4242 4242 4242 4242/,
  );
  await expect(form.getByRole('textbox', { name: 'Last name', exact: true })).toHaveValue('Doe-Kowalski');
  return keys;
}

/** Wheel ticks over `target`'s middle, one every `everyMs`, each `delta` pixels, until `ticks` are sent. */
export async function wheel(
  page: Page,
  box: { x: number; y: number },
  ticks: number,
  delta: number,
  everyMs = 16,
) {
  await page.mouse.move(box.x, box.y);
  const started = performance.now();
  for (let i = 0; i < ticks; i++) {
    await page.mouse.wheel(0, delta);
    const next = started + (i + 1) * everyMs;
    const left = next - performance.now();
    if (left > 0) await delay(left);
  }
}

/** `count` presses of `key`, one every `everyMs` (a held key's auto-repeat is about 30 a second). */
export async function pressRepeatedly(page: Page, key: string, count: number, everyMs = 33) {
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(key);
    const left = started + (i + 1) * everyMs - performance.now();
    if (left > 0) await delay(left);
  }
}

export async function scrollState(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((element) => {
    const box = element as unknown as { scrollTop: number; scrollHeight: number; clientHeight: number };
    return { top: box.scrollTop, height: box.scrollHeight, client: box.clientHeight };
  });
}

export async function middleOf(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
