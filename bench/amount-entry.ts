// npm run bench:amount-entry [-- --rounds N]: what reading the amount in the agent's language costs per
// keystroke (issue 33, item 5: "typing in the amount field gains no long frame"). Each keystroke of a typed
// amount, in each language, is read the way the form reads it on every render — readLocaleAmount, then the
// figures shown before Send (chargedFigure and the Send label's figure) — against the peer, the reading it
// replaced: a decimal comma turned into a point, then normalizeOperatorAmount (the previous commit's form).
// Prints per-keystroke medians and p99 in microseconds, the ratio, and BENCH_RESULT. No test asserts these.
import { parseArgs } from 'node:util';
import { formatAmount } from '../src/shared/i18n/format';
import { normalizeOperatorAmount } from '../src/shared/money/amount';
import { amountDecimals, numberFormat, readLocaleAmount } from '../src/shared/money/locale-amount';
import { loadLine, machineLine, median, percentile, printBenchResult, printTable } from './support/report';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '2000' } } });
const ROUNDS = Number(values.rounds);
/** A frame at 60 Hz; a long animation frame is one over 50 ms. */
const FRAME_MS = 1000 / 60;

const TYPED: Record<string, string[]> = {
  en: ['1,234,567.89', '25.00', '1.250', '0.5'],
  es: ['1.234.567,89', '25,00', '1,250', '12.345,6'],
  'pt-BR': ['1.234.567,89', '25,00', '1,250', 'R$ 10,00'],
  de: ['1.234.567,89', '25,00', '1,250', '1.234,56 €'],
};

/** Every state of the field while `text` is typed key by key. */
const keystrokes = (text: string) => [...text].map((_, i) => text.slice(0, i + 1));

/**
 * The form's reading since this change: the language's, and the figures it shows before Send (what
 * features/payin/amount-entry.ts's chargedFigure and figure do for a currency code such as EUR; the renderer's
 * module is not imported here, as the Node scripts are typechecked without the DOM).
 */
function localeReading(text: string, locale: string): unknown {
  const read = readLocaleAmount(text, locale, 'EUR');
  if (!read.ok) return read;
  const decimals = amountDecimals('EUR');
  const plain = numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return [formatAmount(read.value, 'EUR', locale), plain.format(read.value as `${number}`)];
}

/** The reading before it (the removed withDecimalPoint, then main's rule): the peer. */
function plainReading(text: string): unknown {
  const pointed = /^\s*\d+,\d{1,2}\s*$/.test(text) ? text.replace(',', '.') : text;
  return normalizeOperatorAmount(pointed);
}

/** Microseconds per keystroke, one sample per round over all the keystrokes of all the amounts. */
function perKeystroke(read: (text: string, locale: string) => unknown): number[] {
  const cases = Object.entries(TYPED).flatMap(([locale, amounts]) =>
    amounts.flatMap(keystrokes).map((text) => [text, locale] as const),
  );
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    for (const [text, locale] of cases) read(text, locale);
    samples.push(((performance.now() - start) * 1000) / cases.length);
  }
  return samples.sort((a, b) => a - b);
}

console.log(`machine: ${machineLine()}`);
console.log(`load:    ${loadLine()} (1/5/15 min) before the run`);
// Warm both (JIT, Intl's locale data), then measure them alternately so that both meet the same load.
perKeystroke(localeReading);
perKeystroke(plainReading);
const locale: number[] = [];
const plain: number[] = [];
for (let pass = 0; pass < 3; pass++) {
  locale.push(...perKeystroke(localeReading));
  plain.push(...perKeystroke(plainReading));
}
locale.sort((a, b) => a - b);
plain.sort((a, b) => a - b);

const us = (value: number) => `${value.toFixed(1)} µs`;
const row = (name: string, samples: number[]) => [
  name,
  us(median(samples)),
  us(percentile(samples, 99)),
  `${((median(samples) / 1000 / FRAME_MS) * 100).toFixed(2)} %`,
];
printTable(
  ['reading per keystroke', 'median', 'p99', 'share of a 60 Hz frame (median)'],
  [row('in the language (readLocaleAmount + figures)', locale), row('plain (before: comma → point)', plain)],
);
const ratio = median(locale) / median(plain);
console.log(`ratio: ${ratio.toFixed(1)}× the plain reading; p99 ${us(percentile(locale, 99))} per keystroke`);

printBenchResult({
  bench: 'amount-entry',
  title: 'Amount typed in the agent’s language, per keystroke',
  command: `npm run bench:amount-entry -- --rounds ${ROUNDS}`,
  figure: `${us(median(locale))} median, ${us(percentile(locale, 99))} p99 per keystroke`,
  peer: `${us(median(plain))} (plain reading)`,
  ratio: `${ratio.toFixed(1)}×`,
  goal: 'p99 ≤ 1 ms per keystroke (no long frame: 50 ms)',
  met: percentile(locale, 99) <= 1000,
  quick: ROUNDS < 2000,
  values: {
    localeMedianUs: median(locale),
    localeP99Us: percentile(locale, 99),
    plainMedianUs: median(plain),
    plainP99Us: percentile(plain, 99),
  },
});
