// npm run bench:audit [-- --rows N --new K]: the audit trail's checks at a million rows. Fills a history
// with N pay-ins, each created and then settled (2N keyed entries, made with the store's own appendAudit
// and row digest, in one bulk transaction), then times:
// - the check at start when nothing is new (open + incremental check), when K entries were written since
//   the last verified one (what a day's work adds), and when nothing was ever verified (a history adopted
//   from the previous version, an anchor lost: the backlog is left to the full check);
// - the full check of every entry and row at once (verifyHistory) and in slices (verifyAll, as the app
//   runs it in the background and for history.verify), with its longest slice: how long the main process
//   is held at a time;
// - a History page of 100 rows with each row checked as it is read, and asking again's verifyRow.
// The last line is `BENCH_RESULT {json}` with the headline figures. No keychain: the trust is in memory.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import {
  type AuditAnchor,
  AuditTrust,
  memoryTrustStore,
  newAnchor,
  newKeyRecord,
} from '../src/main/history/audit/audit-trust';
import { openHistoryStore } from '../src/main/history/store/history-store';
import { fillHistory } from './support/history-fill';
import { loadLine, machineLine, median, percentile, printBenchResult, printTable } from './support/report';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    new: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '5' },
  },
});
const ROWS = Number(values.rows);
const NEW_ENTRIES = Number(values.new);
const RUNS = Number(values.runs);
const START = Date.UTC(2026, 0, 1);

const loadBefore = loadLine();
const dir = mkdtempSync(join(tmpdir(), 'paydesk-bench-audit-'));
const file = join(dir, 'history.sqlite');
const store = memoryTrustStore();
const record = newKeyRecord(1, 0, START);
const trustWith = (anchor: AuditAnchor) => new AuditTrust({ store, record, anchor });
const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(1) : ms.toFixed(2));

// 1. Fill: rows as insertPayIn and updatePayIn write them, entries sealed by appendAudit (support/history-fill).
let started = performance.now();
{
  const seal = trustWith(newAnchor(0, '0'.repeat(64), { seq: 0, hash: '0'.repeat(64) }, START));
  const db = fillHistory(file, { rows: ROWS, start: START, seal });
  db.exec('ANALYZE');
  db.close();
}
const fillSeconds = (performance.now() - started) / 1000;
const entries = 2 * ROWS;
const fileMb = statSync(file).size / 2 ** 20;

function headOf(): { seq: number; hash: string; at: number } {
  const db = new DatabaseSync(file, { readOnly: true });
  const row = db.prepare('SELECT seq, hash, at FROM audit_log ORDER BY seq DESC LIMIT 1').get();
  db.close();
  return { seq: Number(row?.seq), hash: String(row?.hash), at: Number(row?.at) };
}

/** Opens the file as the app does (the check at start included), with the anchor verified up to `verifiedSeq`. */
function timeOpen(verifiedSeq: number): { ms: number; rowsChecked: number; ok: boolean } {
  const head = headOf();
  const db = new DatabaseSync(file, { readOnly: true });
  const verified = db.prepare('SELECT hash FROM audit_log WHERE seq = ?').get(verifiedSeq);
  db.close();
  const anchor = newAnchor(
    head.seq,
    head.hash,
    { seq: verifiedSeq, hash: String(verified?.hash ?? '') },
    START,
  );
  const t = performance.now();
  const history = openHistoryStore(file, { trust: trustWith(anchor) });
  const ms = performance.now() - t;
  const { rowsChecked, ok } = history.auditStatus().verification;
  history.close();
  return { ms, rowsChecked, ok };
}

function repeat(run: () => number): number[] {
  return Array.from({ length: RUNS }, run);
}

// 2. The check at start.
const head = headOf();
timeOpen(head.seq); // warm the page cache once
const nothingNew = repeat(() => timeOpen(head.seq).ms);
const incremental = repeat(() => timeOpen(head.seq - NEW_ENTRIES).ms);
const incrementalRows = timeOpen(head.seq - NEW_ENTRIES).rowsChecked;
const fromScratch = timeOpen(0);

// 3. The full check, at once and in slices; 4. a page of the list, and the check before asking again.
const history = openHistoryStore(file, { trust: trustWith(newAnchor(head.seq, head.hash, head, START)) });
started = performance.now();
const atOnce = history.verifyHistory();
const atOnceMs = performance.now() - started;

// The longest stretch the event loop waits while the sliced check runs.
let longestBlock = 0;
let last = performance.now();
const ticker = setInterval(() => {
  const now = performance.now();
  longestBlock = Math.max(longestBlock, now - last);
  last = now;
}, 1);
started = performance.now();
const sliced = await history.verifyAll();
const slicedMs = performance.now() - started;
clearInterval(ticker);

// The History list's first page and the pages after it (keyset cursor), as the renderer asks.
const pageTimes: number[] = [];
for (let i = 0; i < 5; i += 1) history.query({ limit: 100 });
let cursor: string | undefined;
for (let i = 0; i < 200; i += 1) {
  const t = performance.now();
  const page = history.query({ limit: 100, ...(cursor && { cursor }) });
  pageTimes.push(performance.now() - t);
  cursor = page.nextCursor ?? undefined;
}
pageTimes.sort((a, b) => a - b);
const checkTimes: number[] = [];
for (let i = 0; i < 1000; i += 1) {
  const t = performance.now();
  history.rowAudit(1 + ((i * 104729) % ROWS));
  checkTimes.push(performance.now() - t);
}
checkTimes.sort((a, b) => a - b);
const rowTimes: number[] = [];
for (let i = 0; i < 200; i += 1) {
  const t = performance.now();
  await history.verifyRow(1 + ((i * 7919) % ROWS));
  rowTimes.push(performance.now() - t);
}
rowTimes.sort((a, b) => a - b);
history.close();
rmSync(dir, { recursive: true, force: true });

if (!atOnce.ok || !sliced.ok || !fromScratch.ok) {
  console.error('the benchmark history did not verify: the figures below mean nothing');
  process.exitCode = 1;
}

const startupMs = median(nothingNew);
const incrementalMs = median(incremental);
console.log(`machine: ${machineLine()}; load average ${loadBefore} before, ${loadLine()} after`);
console.log(`command: npm run bench:audit -- --rows ${ROWS} --new ${NEW_ENTRIES} --runs ${RUNS}`);
console.log(
  `history: ${ROWS.toLocaleString('en')} rows, ${entries.toLocaleString('en')} keyed entries, ${fileMb.toFixed(0)} MB, filled in ${fillSeconds.toFixed(0)} s\n`,
);
printTable(
  ['check', 'median ms', 'what it covers'],
  [
    ['start, nothing new (open + check)', fmt(startupMs), 'anchor, chain head, verified point'],
    [
      `start, ${NEW_ENTRIES.toLocaleString('en')} entries new`,
      fmt(incrementalMs),
      `those entries and the ${incrementalRows.toLocaleString('en')} rows they touched`,
    ],
    [
      'start, nothing verified yet (adoption, lost anchor)',
      fmt(fromScratch.ms),
      `anchor and head; the ${entries.toLocaleString('en')} entries are left to the full check`,
    ],
    ['full check at once (verifyHistory)', fmt(atOnceMs), 'every entry and every row'],
    [
      'full check in slices (verifyAll)',
      fmt(slicedMs),
      `longest hold of the main thread ${fmt(longestBlock)} ms`,
    ],
    [
      'History page of 100 rows (first 200 pages), each row checked',
      `${fmt(percentile(pageTimes, 50))} (p95 ${fmt(percentile(pageTimes, 95))})`,
      'query + 100 row checks',
    ],
    [
      'one row checked as it is read (rowAudit)',
      `${fmt(percentile(checkTimes, 50))} (p95 ${fmt(percentile(checkTimes, 95))})`,
      'its newest entry (HMAC) and its digest',
    ],
    [
      'verifyRow before asking again',
      `${fmt(percentile(rowTimes, 50))} (p95 ${fmt(percentile(rowTimes, 95))})`,
      "the row, all its entries, the session's full check",
    ],
  ],
);
printBenchResult({
  bench: 'audit',
  title: `Audit trail checks, ${ROWS.toLocaleString('en-US')} rows`,
  command: `npm run bench:audit -- --rows ${ROWS} --new ${NEW_ENTRIES}`,
  figure: `start ${fmt(startupMs)} ms (${fmt(incrementalMs)} ms with ${NEW_ENTRIES} new entries); full check ${(slicedMs / 1000).toFixed(1)} s in slices of ≤ ${fmt(longestBlock)} ms`,
  peer: '—',
  ratio: '—',
  goal: 'start-up check independent of history size',
  met: incrementalMs < 1_000,
  quick: ROWS < 1_000_000,
  values: {
    rows: ROWS,
    entries,
    startupMs: Number(fmt(startupMs)),
    incrementalMs: Number(fmt(incrementalMs)),
    fromScratchMs: Math.round(fromScratch.ms),
    fullAtOnceMs: Math.round(atOnceMs),
    fullSlicedMs: Math.round(slicedMs),
    longestBlockMs: Number(fmt(longestBlock)),
  },
});
