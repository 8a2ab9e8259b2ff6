// npm run bench:history-damage [-- --rows N]: what a damaged history costs at a million rows (issue 25).
// Fills a history with N pay-ins, each created and settled (2N keyed entries, made with the store's own
// appendAudit and row digest in one bulk transaction: bench/support/history-fill.ts, as bench/audit.ts), then times:
// - the check at start (inspect-history.ts inspectHistory): the cheap checks alone (what a start costs for
//   a file over QUICK_CHECK_AT_START_BYTES, whose quick_check then runs in a worker), and with SQLite's
//   quick_check (what a start would cost if it waited for it);
// - the salvage of the file cut to 60 % (no backup, no log: the damaged file alone), and of the whole file
//   as if damaged (every row read back and rewritten);
// - a backup (history-backups.ts), and the pay-ins written while it runs: the longest a pay-in's two
//   writes took, and the longest the event loop was held; as this build makes it (the copy flushed to disk
//   as it is written) and as the build before made it (flushed only at its commit), alternating, twice.
// --from FILE starts from a history filled before (the fill takes minutes at a million rows; --keep FILE
// keeps the one this run fills). The last line is `BENCH_RESULT {json}`. No keychain: the trust is in memory.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { sessionTrust } from '../src/main/history/audit/audit-trust';
import { backUpHistory } from '../src/main/history/backups/history-backups';
import { salvageHistory } from '../src/main/history/salvage/history-salvage';
import { inspectHistory, quickCheck } from '../src/main/history/salvage/inspect-history';
import { openHistoryStore } from '../src/main/history/store/history-store';
import { fillHistory } from './support/history-fill';
import { loadLine, machineLine, median, printBenchResult, printTable } from './support/report';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '3' },
    // A history filled before (e.g. by an earlier run, kept with --keep): the fill skipped, the file copied.
    from: { type: 'string' },
    keep: { type: 'string' },
    // Only the check at start and the backup (the salvages take minutes at a million rows).
    'skip-salvage': { type: 'boolean', default: false },
  },
});
let ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const START = Date.UTC(2026, 0, 1);
const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(1) : ms.toFixed(2));

const loadBefore = loadLine();
const dir = mkdtempSync(join(tmpdir(), 'paydesk-bench-damage-'));
const file = join(dir, 'history.sqlite');
const trust = sessionTrust(START);

const started = performance.now();
if (values.from) {
  copyFileSync(values.from, file);
  // A file filled without the store may lack the chain's head row, which appends start from.
  const db = new DatabaseSync(file);
  db.exec(
    'INSERT OR IGNORE INTO audit_head (id, seq, hash) SELECT 1, seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1',
  );
  db.close();
} else {
  // One pay-in in a thousand left outcome unknown, for the salvage to carry.
  const settledStatus = (i: number) => (i % 1000 === 999 ? 'outcome_unknown' : 'approved');
  const db = fillHistory(file, { rows: ROWS, start: START, seal: trust, settledStatus });
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
}
const fillSeconds = (performance.now() - started) / 1000;
if (values.keep && !values.from) copyFileSync(file, values.keep);
const fileMb = statSync(file).size / 2 ** 20;
{
  const db = new DatabaseSync(file, { readOnly: true });
  ROWS = Number(db.prepare('SELECT count(*) AS n FROM history_rows').get()?.n);
  db.close();
}
console.log(
  `filled ${ROWS.toLocaleString('en')} rows in ${fillSeconds.toFixed(0)} s: ${fileMb.toFixed(0)} MB`,
);

// 1. The check at start.
const cheapRuns: number[] = [];
const fullRuns: number[] = [];
const quickRuns: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  let t = performance.now();
  const cheap = inspectHistory(file, undefined, { quickCheckUpToBytes: 0 });
  cheapRuns.push(performance.now() - t);
  if (cheap.state !== 'sound') throw new Error(`the filled file did not check: ${JSON.stringify(cheap)}`);
  t = performance.now();
  const full = inspectHistory(file, undefined, { quickCheckUpToBytes: Number.POSITIVE_INFINITY });
  fullRuns.push(performance.now() - t);
  if (full.state !== 'sound') throw new Error(`the filled file did not check: ${JSON.stringify(full)}`);
  t = performance.now();
  quickCheck(file);
  quickRuns.push(performance.now() - t);
}
const cheapMs = median(cheapRuns);
const fullMs = median(fullRuns);
const quickMs = median(quickRuns);

// 2. Salvage: the file cut to 60 %, and the whole file as if damaged.
function salvageOf(share: number): { ms: number; recovered: number; missing: number; open: number } {
  const data = mkdtempSync(join(dir, 'data-'));
  const target = join(data, 'history.sqlite');
  copyFileSync(file, target);
  if (share < 1) truncateSync(target, Math.floor(statSync(target).size * share));
  const t = performance.now();
  const plan = salvageHistory({ historyFile: target, dataDir: data, reason: 'bench', now: Date.now() });
  const ms = performance.now() - t;
  rmSync(data, { recursive: true, force: true });
  return {
    ms,
    recovered: plan.notice.rows.recovered,
    missing: plan.notice.missingRowCount,
    open: plan.notice.openPayIns.length,
  };
}
const skipped = { ms: Number.NaN, recovered: 0, missing: 0, open: 0 };
const cut = values['skip-salvage'] ? skipped : salvageOf(0.6);
console.log(`salvage of the 60 % cut: ${fmt(cut.ms)} ms, ${cut.recovered} rows back, ${cut.missing} missing`);
const whole = values['skip-salvage'] ? skipped : salvageOf(1);
console.log(`salvage of the whole file: ${fmt(whole.ms)} ms, ${whole.recovered} rows back`);

// 3. A backup while pay-ins go on. Whatever this run copied (the fill it keeps, --from, the salvages'
// copies) is written out first: a gigabyte still dirty in the page cache stalls every fsync on the disk,
// the pay-ins' too, whichever way the backup writes (a first run of this comparison, without this, gave a
// longest pay-in of 812 ms to the backup that flushes as it writes, after the --keep copy of 1.4 GB).
execFileSync('sync');
const backupData = join(dir, 'backup-data');
mkdirSync(backupData);
const store = openHistoryStore(file, { trust, startupWalkLimit: 0 });
let longestLoopHold = 0;
let lastTick = performance.now();
const probe = setInterval(() => {
  const now = performance.now();
  longestLoopHold = Math.max(longestLoopHold, now - lastTick - 5);
  lastTick = now;
}, 5);
let n = 0;
/** Pay-ins (insert + settle, as the store writes them) every 20 ms until `until` settles; their times. */
async function payInsUntil(until: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  void until.then(() => {
    done = true;
  });
  while (!done) {
    n += 1;
    const t = performance.now();
    const id = store.insertPayIn({
      profile: 'Sandbox',
      operator: 'bench',
      apiVersion: 'v2',
      currency: 'EUR',
      request: { merchantTradeNo: `BK-${n}`, userId: 'u', amount: '12.34', cardNumber: '4242424242424242' },
    });
    store.updatePayIn(id, { status: 'approved', orderId: `O${n}` });
    times.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times;
}
// A backup as this build makes it (its copy flushed to disk as it is written) and as the build before made
// it (flushed only by the copy's own commit), alternating, each with pay-ins going on; then the same pay-ins
// without a backup, for as long as a backup took: what the machine gives anyway.
type BackupRun = { ms: number; rows: number; longestWrite: number; loopHold: number; payIns: number };
async function backupWithPayIns(flushEveryBytes: number | undefined): Promise<BackupRun> {
  longestLoopHold = 0;
  const began = performance.now();
  const running = backUpHistory(file, backupData, Date.now(), { flushEveryBytes });
  const times = await payInsUntil(running);
  const result = await running;
  return {
    ms: performance.now() - began,
    rows: result.rows,
    longestWrite: Math.max(...times),
    loopHold: longestLoopHold,
    payIns: times.length,
  };
}
const flushedRuns: BackupRun[] = [];
const beforeRuns: BackupRun[] = [];
for (let round = 0; round < 2; round += 1) {
  flushedRuns.push(await backupWithPayIns(undefined));
  beforeRuns.push(await backupWithPayIns(Number.POSITIVE_INFINITY));
}
const worst = (runs: BackupRun[]) => ({
  ms: Math.max(...runs.map((run) => run.ms)),
  rows: runs[0]?.rows ?? 0,
  longestWrite: Math.max(...runs.map((run) => run.longestWrite)),
  loopHold: Math.max(...runs.map((run) => run.loopHold)),
  payIns: runs.reduce((sum, run) => sum + run.payIns, 0),
});
const flushed = worst(flushedRuns);
const before = worst(beforeRuns);
const backupMs = flushed.ms;
const longestWrite = flushed.longestWrite;
longestLoopHold = 0;
const baselineTimes = await payInsUntil(new Promise((resolve) => setTimeout(resolve, backupMs)));
const baselineLoopHold = longestLoopHold;
clearInterval(probe);
store.close();
const baselineWrite = Math.max(...baselineTimes);
rmSync(dir, { recursive: true, force: true });

console.log(`machine: ${machineLine()}; load average ${loadBefore} before, ${loadLine()} after`);
printTable(
  ['what', 'ms', 'notes'],
  [
    [
      'check at start, cheap checks only (file over 64 MiB)',
      fmt(cheapMs),
      'header/size, schema, first and last rows and entries',
    ],
    [
      'check at start with quick_check (file up to 64 MiB)',
      fmt(fullMs),
      `the same plus quick_check of ${fileMb.toFixed(0)} MB`,
    ],
    ['quick_check alone (the worker thread, after start)', fmt(quickMs), 'off the main thread'],
    [
      'salvage, file cut to 60 %',
      fmt(cut.ms),
      `${cut.recovered.toLocaleString('en')} rows back, ${cut.missing.toLocaleString('en')} named missing, ${cut.open} open pay-ins`,
    ],
    ['salvage, whole file read back', fmt(whole.ms), `${whole.recovered.toLocaleString('en')} rows`],
    [
      'backup (online, checked after writing), this build: flushed as written; 2 runs',
      fmt(backupMs),
      `${flushed.rows.toLocaleString('en')} rows; ${flushed.payIns} pay-ins written meanwhile`,
    ],
    [
      'longest pay-in (insert + update) during the backup, this build',
      fmt(longestWrite),
      `event loop held at most ${fmt(flushed.loopHold)} ms`,
    ],
    [
      'the build before (flushed at its commit only): backup; longest pay-in',
      `${fmt(before.ms)}; ${fmt(before.longestWrite)}`,
      `event loop held at most ${fmt(before.loopHold)} ms; ${before.payIns} pay-ins`,
    ],
    [
      'without a backup, as long: longest pay-in',
      fmt(baselineWrite),
      `${baselineTimes.length} pay-ins, loop held ${fmt(baselineLoopHold)} ms`,
    ],
  ],
);
printBenchResult({
  bench: 'history-damage',
  title: `Damaged history, ${ROWS.toLocaleString('en-US')} rows`,
  command: `npm run bench:history-damage -- --rows ${ROWS}`,
  figure: `start check ${fmt(cheapMs)} ms (${fmt(fullMs)} ms with quick_check); salvage of a 60 % cut ${(cut.ms / 1000).toFixed(1)} s; backup ${(backupMs / 1000).toFixed(1)} s, longest pay-in meanwhile ${fmt(longestWrite)} ms`,
  peer: `the build before's backup: longest pay-in ${fmt(before.longestWrite)} ms`,
  ratio: `${(before.longestWrite / longestWrite).toFixed(1)}× shorter longest pay-in`,
  goal: 'no pay-in delayed more than 50 ms by a backup',
  met: longestWrite <= 50,
  quick: ROWS < 1_000_000,
  values: {
    rows: ROWS,
    fileMb,
    cheapMs,
    fullMs,
    quickMs,
    salvageCutMs: cut.ms,
    salvageWholeMs: whole.ms,
    backupMs,
    longestWrite,
    longestLoopHold: flushed.loopHold,
    beforeBackupMs: before.ms,
    beforeLongestWrite: before.longestWrite,
    beforeLoopHold: before.loopHold,
    baselineWrite,
    baselineLoopHold,
  },
});
