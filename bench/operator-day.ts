// npm run bench:operator-day [-- --rows N]: one operator's day (history.operatorDay) in a history of N
// pay-ins by 20 operators over 300 days and 3 audit entries per pay-in (sessions, approvals, refused calls
// among them), timed with migration 12's audit_log indexes and, as the peer, on the same file without them
// (what the day would cost had the indexes not been added: the audit trail walked whole). The entries are
// written straight into the file with placeholder hashes: the day's reads do not check the chain.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { operatorDay } from '../src/main/history/search/operator-day';
import type { HistoryDb } from '../src/main/history/store/history-db';
import { migrate } from '../src/main/history/store/migrations';
import { loadLine, median, printBenchResult, printTable } from './support/report';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '300000' }, runs: { type: 'string', default: '7' } },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);
const OPERATORS = Array.from({ length: 20 }, (_, i) => `op.${i}`);
const EVENTS = ['session.signed_in', 'approval.granted', 'session.forbidden'];

const loadBefore = loadLine();
const dir = mkdtempSync(join(tmpdir(), 'paydesk-bench-day-'));
const file = join(dir, 'history.sqlite');
const db = new DatabaseSync(file);
db.exec('PRAGMA journal_mode = WAL');
migrate(db);
db.exec('PRAGMA synchronous = OFF; BEGIN');
const row = db.prepare(
  `INSERT INTO history_rows (kind, status, created_at, updated_at, profile, operator, merchant_trade_no, amount,
     amount_minor, currency) VALUES ('payin', ?, ?, ?, 'Sandbox', ?, ?, ?, ?, 'EUR')`,
);
const entry = db.prepare(
  `INSERT INTO audit_log (at, operator, event, outcome, resource, detail_json, prev_hash, hash)
   VALUES (?, ?, ?, 'success', 'bench', ?, '', '')`,
);
let started = performance.now();
for (let i = 0; i < ROWS; i += 1) {
  const at = START + Math.floor((i / ROWS) * 300 * DAY);
  const operator = OPERATORS[i % OPERATORS.length]!;
  const cents = 100 + ((i * 7919) % 500_000);
  const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  row.run(i % 5 === 0 ? 'declined' : 'approved', at, at, operator, `PD${i}`, amount, cents);
  for (const [k, event] of EVENTS.entries()) {
    const detail =
      event === 'approval.granted' ? { action: 'payin.over_limit', approvedBy: OPERATORS[(i + 1) % 20] } : {};
    entry.run(at + k, operator, event, JSON.stringify(detail));
  }
}
db.exec('COMMIT; ANALYZE');
const fillSeconds = (performance.now() - started) / 1000;

const history = { prepare: (sql: string) => db.prepare(sql) } as unknown as HistoryDb;
const query = { operatorId: 'op.7', day: '2026-06-01', utcOffsetMinutes: 120 };
function timeDay(): { ms: number; payIns: number } {
  const times: number[] = [];
  let payIns = 0;
  for (let run = 0; run < RUNS; run += 1) {
    started = performance.now();
    const day = operatorDay(history, query);
    times.push(performance.now() - started);
    payIns = day.payIns.reduce((sum, total) => sum + total.count, 0);
  }
  return { ms: median(times), payIns };
}

const indexed = timeDay();
db.exec('DROP INDEX idx_audit_operator_at; DROP INDEX idx_audit_event_at; ANALYZE');
const walked = timeDay();
db.close();
rmSync(dir, { recursive: true, force: true });

const fmt = (ms: number) => (ms >= 10 ? ms.toFixed(0) : ms.toFixed(2));
console.log(
  `${ROWS} pay-ins, ${3 * ROWS} audit entries (filled in ${fillSeconds.toFixed(1)} s); load ${loadBefore}`,
);
printTable(
  ['audit_log', `one operator's day (median of ${RUNS})`, "the day's pay-ins"],
  [
    ['indexed (migration 12)', `${fmt(indexed.ms)} ms`, String(indexed.payIns)],
    ['without the indexes', `${fmt(walked.ms)} ms`, String(walked.payIns)],
  ],
);
const ratio = walked.ms / indexed.ms;
printBenchResult({
  bench: 'operator-day',
  title: "One operator's day for a supervisor",
  command: `npm run bench:operator-day -- --rows ${ROWS}`,
  figure: `${fmt(indexed.ms)} ms`,
  peer: `${fmt(walked.ms)} ms without migration 12's indexes`,
  ratio: `${ratio.toFixed(0)}× faster`,
  goal: 'under 50 ms at 300,000 pay-ins',
  met: indexed.ms < 50 && indexed.payIns === walked.payIns,
  quick: ROWS < 300_000,
  values: { rows: ROWS, indexedMs: indexed.ms, withoutMs: walked.ms },
});
