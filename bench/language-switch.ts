// npm run bench:language-switch [-- --switches N]: a language switch as the agent makes it (issue 33, item 7),
// in Debian's Chromium on the built renderer served by the browser harness. The pay-in form holds a typed
// customer; the top bar's language picker goes round English → Deutsch → Português (Brasil) → Español → …,
// and each switch is timed from the change event to the animation frame in which the page shows the new
// language (the html's lang and the navigation's words both changed): the first switch into each language
// loads its catalogue chunk, the later ones do not. The peer, in the same run and page: opening another page
// (Pay-in → History → Pay-in from the navigation), timed the same way from the click. Long animation frames
// are recorded over both. Every switch also checks that the typed values are still there.
// Goal: a switch re-renders the page in ≤ 200 ms. Prints figures, ratios, BENCH_RESULT; no test asserts them.
import { parseArgs } from 'node:util';
import { type Browser, chromium, expect, type Page } from '@playwright/test';
import { readCatalog } from '../scripts/i18n/catalog-files';
import type { Language } from '../src/shared/languages';
import { buildApp } from '../tests/support/boot/build';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  type RunningHarness,
  startHarness,
} from '../tests/support/e2e/harness';
import {
  loadLine,
  machineLine,
  median,
  ms,
  percentile,
  printBenchResult,
  printTable,
  ratioText,
} from './support/report';
import { loafsWithin, type ProbeState } from './support/ui-probe';
import { openPayIn, record } from './support/ui-scenarios';

const { values } = parseArgs({ options: { switches: { type: 'string', default: '40' } } });
const SWITCHES = Number(values.switches);
const ROUND: readonly Language[] = ['de', 'pt-BR', 'es', 'en'];
const LABELS: Record<string, string> = {
  en: 'English',
  de: 'Deutsch',
  'pt-BR': 'Português (Brasil)',
  es: 'Español',
};
const GOAL_MS = 200;

interface Until {
  /** The html's lang attribute to wait for. */
  lang?: string;
  /** The start of the navigation's first button's text to wait for. */
  nav?: string;
  /** An element that must be in the page. */
  selector?: string;
}

/**
 * In the page (installed through CDP, which the page's CSP does not govern): the time from the next `type`
 * event on `on` to the animation frame in which `until` holds, the frame that paints it.
 */
function timeUntil(page: Page, on: string, type: string, until: Until): Promise<number> {
  // A string, not a function: tsx's transform would add helpers (__name) that the page does not have.
  return page.evaluate<number>(`new Promise((resolve) => {
    const until = ${JSON.stringify(until)};
    const holds = () =>
      (until.lang === undefined || document.documentElement.lang === until.lang) &&
      (until.nav === undefined || (document.querySelector('nav button')?.textContent ?? '').startsWith(until.nav)) &&
      (until.selector === undefined || document.querySelector(until.selector) !== null);
    document.querySelector(${JSON.stringify(on)}).addEventListener(${JSON.stringify(type)}, (event) => {
      const check = () => (holds() ? resolve(performance.now() - event.timeStamp) : requestAnimationFrame(check));
      requestAnimationFrame(check);
    }, { once: true, capture: true });
  })`);
}

const navWord = (language: Language, key: string) => readCatalog(language)[key]!;

async function switchTo(page: Page, language: Language): Promise<number> {
  const timing = timeUntil(page, '[data-testid="language-picker"]', 'change', {
    lang: language,
    nav: navWord(language, 'shell.page.payin'),
  });
  // The listener is in place before the change (evaluate's promise is pending, its body has run).
  await page.waitForTimeout(20);
  await page.getByTestId('language-picker').selectOption({ label: LABELS[language]! });
  return timing;
}

async function openPage(page: Page, key: string, selector: string): Promise<number> {
  const timing = timeUntil(page, 'nav', 'click', { selector });
  await page.waitForTimeout(20);
  await page
    .getByRole('navigation')
    .getByRole('button', { name: new RegExp(`^${navWord('en', key)} Alt\\+\\d$`) })
    .click();
  return timing;
}

async function keptTyped(page: Page): Promise<void> {
  await expect(page.locator('input[name="userId"]')).toHaveValue('cust-lang-0042');
  await expect(page.locator('input[name="firstName"]')).toHaveValue('Jürgen');
}

console.log(`machine: ${machineLine()}, Chromium at ${CHROMIUM_PATH}`);
console.log(`command: npm run bench:language-switch -- --switches ${SWITCHES}`);
console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);
const built = buildApp('out-bench-language');
let harness: RunningHarness | undefined;
let browser: Browser | undefined;
const cold: number[] = [];
const warm: number[] = [];
const pages: number[] = [];
let state: ProbeState | undefined;
try {
  harness = await startHarness(0, [], { env: { PAYDESK_OUT_DIR: built.outDir }, signedIn: true });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const { page } = await openPayIn(browser, harness.url);
  await page.locator('input[name="userId"]').fill('cust-lang-0042');
  await page.locator('input[name="firstName"]').fill('Jürgen');
  const recorded = await record(page, async () => {
    const seen = new Set<Language>(['en']);
    for (let index = 0; index < SWITCHES; index += 1) {
      const language = ROUND[index % ROUND.length]!;
      const took = await switchTo(page, language);
      (seen.has(language) ? warm : cold).push(took);
      seen.add(language);
      await keptTyped(page);
      await page.waitForTimeout(100);
    }
    // The peer: another page opened from the navigation and back, in English as the round ends.
    for (let index = 0; index < SWITCHES / 2; index += 1) {
      pages.push(await openPage(page, 'shell.page.history', '[data-testid="history-subtitle"]'));
      pages.push(await openPage(page, 'shell.page.payin', 'input[name="userId"]'));
      await page.waitForTimeout(100);
    }
  });
  state = recorded.state;
} finally {
  await browser?.close();
  await harness?.close();
}

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const row = (name: string, list: number[]) => [
  name,
  String(list.length),
  ms(median(list), 1),
  ms(percentile(sorted(list), 95), 1),
  ms(Math.max(...list), 1),
];
printTable(
  ['re-render', 'n', 'median', 'p95', 'max'],
  [
    row('language switch, catalogue already loaded', warm),
    row('language switch, first into a language (loads its chunk)', cold),
    row('peer: opening another page from the navigation', pages),
  ],
);
const longFrames = state ? loafsWithin(state) : [];
console.log(
  `long animation frames over the run: ${longFrames.length}` +
    (longFrames.length ? ` (longest ${ms(Math.max(...longFrames.map((l) => l.duration)), 0)})` : ''),
);
const worst = Math.max(...warm, ...cold);
const ratio = median(warm) / median(pages);
console.log(`switch (warm) / opening a page, medians: ${ratioText(ratio)}`);
console.log(`load:    ${loadLine()} (1/5/15 min) after the run`);
printBenchResult({
  bench: 'language-switch',
  title: 'A language switch re-rendering the pay-in page in Chromium',
  command: 'npm run bench:language-switch',
  figure: `median ${ms(median(warm), 1)}, p95 ${ms(percentile(sorted(warm), 95), 1)}; first into a language ${ms(median(cold), 1)} median; worst ${ms(worst, 1)}`,
  peer: `opening another page ${ms(median(pages), 1)} median`,
  ratio: ratioText(ratio),
  goal: `every switch ≤ ${GOAL_MS} ms`,
  met: worst <= GOAL_MS,
  quick: false,
  values: { warmMedian: median(warm), coldMedian: median(cold), pageMedian: median(pages), worst },
});
