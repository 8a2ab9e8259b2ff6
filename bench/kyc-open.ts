// KYC open+validate of a 100,000-record CSV against a bare papaparse parse of the same text, with the
// longest event-loop block while Paydesk works. Run: npx tsx bench/kyc-open.ts [records]
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Papa from 'papaparse';
import { createKycService } from '../src/main/kyc/kyc-service';
import { CSV_HEADERS, kycCsvLine, kycRecord } from '../tests/fixtures/kyc/generate';

const RECORDS = Number(process.argv[2] ?? 100_000);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// Built line by line so that the generator's garbage does not count against Paydesk's memory.
let text = `${CSV_HEADERS.join(',')}\r\n`;
for (let i = 0; i < RECORDS; i++) text += `${kycCsvLine(kycRecord(i))}\r\n`;
text = text.normalize('NFC');
const bytes = new TextEncoder().encode(text);
const rssBefore = process.memoryUsage.rss();
console.log(
  `records ${RECORDS}, CSV ${mb(bytes.byteLength)}, RSS before open ${mb(rssBefore)} (generator, text, bytes)`,
);

/** The longest gap between ticks of a 1 ms interval: how long the loop was held at once. */
async function withBlockProbe<T>(
  work: () => Promise<T>,
): Promise<{ value: T; longestMs: number; histMaxMs: number; peakRss: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let last = performance.now();
  let longest = 0;
  let peakRss = process.memoryUsage.rss();
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 1);
  const value = await work();
  clearInterval(probe);
  histogram.disable();
  longest = Math.max(longest, performance.now() - last);
  return { value, longestMs: longest, histMaxMs: histogram.max / 1e6, peakRss };
}

async function paydeskOpen() {
  const service = createKycService();
  const started = performance.now();
  const summary = await service.open(bytes, 'bench.csv');
  const ms = performance.now() - started;
  service.close(summary.batchId);
  return { ms, summary };
}

const first = await withBlockProbe(paydeskOpen);
const rssAfterFirst = process.resourceUsage().maxRSS * 1024;
if (first.value.summary.counts.valid !== RECORDS) {
  throw new Error(`expected ${RECORDS} valid records, got ${JSON.stringify(first.value.summary.counts)}`);
}

const bare: number[] = [];
for (let run = 0; run < 3; run++) {
  const started = performance.now();
  const result = Papa.parse<string[]>(text, { skipEmptyLines: true });
  bare.push(performance.now() - started);
  if (result.data.length !== RECORDS + 1) throw new Error('bare parse row count');
}
const paydesk = [first.value.ms];
for (let run = 0; run < 2; run++) paydesk.push((await paydeskOpen()).ms);

const best = (runs: number[]) => Math.min(...runs);
const ratio = best(paydesk) / best(bare);
console.log(
  `bare papaparse parse     best ${best(bare).toFixed(0)} ms   runs ${bare.map((ms) => ms.toFixed(0)).join(', ')}`,
);
console.log(
  `Paydesk open+validate    best ${best(paydesk).toFixed(0)} ms   runs ${paydesk.map((ms) => ms.toFixed(0)).join(', ')}`,
);
console.log(`ratio                    ${ratio.toFixed(2)}× (goal ≤ 2×)`);
console.log(`records/s                ${Math.round(RECORDS / (best(paydesk) / 1000)).toLocaleString('en')}`);
console.log(
  `peak RSS during open     ${mb(first.peakRss)} (process maxRSS after first open ${mb(rssAfterFirst)}; goal ≤ 400 MB)`,
);
console.log(
  `longest event-loop block ${first.longestMs.toFixed(1)} ms (interval probe), ${first.histMaxMs.toFixed(1)} ms (monitorEventLoopDelay max)`,
);
