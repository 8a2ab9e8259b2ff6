// npm run bench:history-words [-- --rows N --runs R]: History's word search (a decline reason, a first and
// last name, a surname prefix, a rare surname, a short prefix of a common name, one letter) on the same rows
// three ways, alternating in one process: this build (the walk along the word index with its prefix indexes,
// history migration 10), the build before (the same walk on the word index as migration 5 made it, in a copy
// of the file), and the page through the indexes on that same older index (the build issue 24 measured).
// Same pages (checked), same load; prints p50/p95 of each and the ratios, then `BENCH_RESULT {json}`.
import { copyFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { filterWhere, orderBySql } from '../src/main/history/search/filter-sql';
import { searchPageByWords } from '../src/main/history/search/history-word-pages';
import { withWordIndexRebuilt } from '../src/main/history/search/word-index';
import { historyFilterSchema } from '../src/shared/history';
import { tempHistory } from '../tests/support/history/history-fixtures';
import { loadLine, machineLine, printBenchResult, printTable } from './support/report';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '50' } },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
console.log(machineLine());
console.log(`load before: ${loadLine()}`);
const h = tempHistory();
h.store.close();
const db = new DatabaseSync(h.filePath);
// The fill: all but the newest TAIL rows in one transaction, their words built at once (word-index.ts, as
// the upgrade to migration 10 or a salvage leaves the index: one segment); then the newest TAIL rows one per
// transaction through the trigger, as a desk writes them, which leaves the segments a desk's own writing
// leaves (each commit its own, merged as FTS5 merges them). A million rows one per transaction took over
// half an hour. Without fsync and with a page cache that holds the whole file; the queries then run with
// the default cache.
const filling = performance.now();
db.exec('PRAGMA synchronous=OFF; PRAGMA cache_size=-2000000');
const FN =
  'Anna Ben Chloé Dara Emil Fatima Greta Hugo Ines Jonas Kira Leo Mia Noah Olga Pavel Quinn Rosa Sven Tara Uma Viktor Wen Xavier Yara Zoe Adam Bea Carl Dina Erik Flora Gil Hana Ivan Jana Karl Lena Marek Nina'.split(
    ' ',
  );
const sur = (i: number) =>
  `${['Kowal', 'Berg', 'Moreau', 'Silva', 'Novak', 'Fischer', 'Rossi'][i % 7]}${['ska', 'man', 'eau', 'son', 'ic', 'er', 'ini'][(i >> 3) % 7]}${i % 997}`;
const REM = ['Insufficient funds', 'Do not honour', 'Expired card', 'Suspected fraud'];
const ST = ['approved', 'approved', 'approved', 'declined', 'refused', 'outcome_unknown', 'not_sent'];
const ins = db.prepare(
  `INSERT INTO history_rows (kind, status, created_at, updated_at, profile, operator, api_version, merchant_trade_no, user_id, amount, amount_minor, currency, request_json, remark) VALUES ('payin',?,?,?,'Sandbox','b','v2',?,?,'1.00',100,'EUR',?,?)`,
);
const START = Date.UTC(2026, 0, 1);
const TAIL = Math.min(ROWS, 20_000);
const fillRow = (i: number) => {
  const at = START + Math.floor((i / ROWS) * 300 * 86400000);
  const st = ST[i % 7]!;
  ins.run(
    st,
    at,
    at,
    `PD${at}${i}`,
    `user-${i % 50000}`,
    JSON.stringify({ firstName: FN[i % FN.length], lastName: sur(i % 50000) }),
    st === 'declined' ? REM[i % 4]! : null,
  );
};
db.exec('BEGIN');
withWordIndexRebuilt(db, () => {
  for (let i = 0; i < ROWS - TAIL; i++) fillRow(i);
});
db.exec('COMMIT');
for (let i = ROWS - TAIL; i < ROWS; i++) fillRow(i);
db.exec('PRAGMA cache_size=-2000; ANALYZE');
console.log(
  `filled ${ROWS.toLocaleString()} rows (the newest ${TAIL.toLocaleString()} one per transaction) in ${((performance.now() - filling) / 1000).toFixed(0)} s (load ${loadLine()})`,
);
db.exec('PRAGMA wal_checkpoint(TRUNCATE)');

// The build before: the same file with the word index as history migration 5 made it (no prefix indexes).
const olderPath = `${h.filePath}.before-prefix-indexes`;
copyFileSync(h.filePath, olderPath);
const older = new DatabaseSync(olderPath);
const rebuilding = performance.now();
older.exec(`PRAGMA cache_size=-2000000; BEGIN;
  DROP TABLE history_words;
  CREATE VIRTUAL TABLE history_words USING fts5(words, content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2');
  INSERT INTO history_words (rowid, words) SELECT id, words FROM history_words_source;
  COMMIT; PRAGMA cache_size=-2000`);
console.log(`the older word index built in ${((performance.now() - rebuilding) / 1000).toFixed(0)} s`);
const segments = (file: DatabaseSync) =>
  Number(file.prepare('SELECT count(DISTINCT segid) AS n FROM history_words_idx').get()?.n);
const indexMb = (file: DatabaseSync) =>
  (Number(file.prepare('SELECT sum(length(block)) AS b FROM history_words_data').get()?.b) / 1e6).toFixed(1);
console.log(
  `word index: this build ${indexMb(db)} MB in ${segments(db)} segments; the build before ${indexMb(older)} MB in ${segments(older)} segments`,
);

/** Each file's statements compiled once, as the store does. */
function preparer(file: DatabaseSync) {
  const cache = new Map<string, ReturnType<DatabaseSync['prepare']>>();
  return (sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = file.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
}
const prepareThis = preparer(db);
const prepareOlder = preparer(older);
const results: string[][] = [];
let worstNewP95 = 0;
let declineRatio = 0;
const WAYS = ['this build', 'walk, older index', 'indexes, older index'] as const;
for (const [label, text] of [
  ['decline reason', 'insufficient'],
  ['first and last name', 'anna kowalska'],
  ['surname prefix', 'kowalska4'],
  ['one surname', sur(4242)],
  ['a common name begun', 'kowal'],
  ['one letter', 'k'],
] as const) {
  const filter = historyFilterSchema.parse({ text, limit: 50 });
  const throughIndexes = () => {
    const { whereText, params } = filterWhere(filter, true);
    params.l = 51;
    return prepareOlder(
      `SELECT * FROM history_rows WHERE id IN (SELECT id FROM history_rows ${whereText} ${orderBySql(filter.sort)} LIMIT :l)`,
    ).all(params);
  };
  const walkOn = (prepare: typeof prepareThis) => () => {
    const ids = searchPageByWords(prepare as never, filter) ?? [];
    return prepare('SELECT * FROM history_rows WHERE id IN (SELECT value FROM json_each(:ids))').all({
      ids: JSON.stringify(ids),
    });
  };
  const reads = {
    'this build': walkOn(prepareThis),
    'walk, older index': walkOn(prepareOlder),
    'indexes, older index': throughIndexes,
  };
  const ids = (rows: Record<string, unknown>[]) =>
    JSON.stringify(rows.map((row) => Number(row.id)).sort((x, y) => x - y));
  const page = ids(reads['this build']());
  for (const way of WAYS) {
    if (ids(reads[way]()) !== page) throw new Error(`"${way}" gave another page for "${text}"`);
  }
  const times = Object.fromEntries(WAYS.map((way) => [way, [] as number[]])) as Record<
    (typeof WAYS)[number],
    number[]
  >;
  for (let run = 0; run < RUNS; run++) {
    for (const way of WAYS) {
      const started = performance.now();
      reads[way]();
      times[way].push(performance.now() - started);
    }
  }
  const at = (values: number[], p: number) =>
    [...values].sort((x, y) => x - y)[Math.floor(p * (values.length - 1))] ?? 0;
  const p50 = (way: (typeof WAYS)[number]) => at(times[way], 0.5);
  worstNewP95 = Math.max(worstNewP95, at(times['this build'], 0.95));
  if (label === 'decline reason') declineRatio = p50('walk, older index') / p50('this build');
  results.push([
    `${label} ("${text}")`,
    ...WAYS.map((way) => `${p50(way).toFixed(2)} / ${at(times[way], 0.95).toFixed(2)}`),
    `${(p50('walk, older index') / p50('this build')).toFixed(1)}× / ${(p50('indexes, older index') / p50('this build')).toFixed(1)}×`,
  ]);
}
older.close();
db.close();
h.cleanup();
printTable(
  [
    'word search, first page of 50',
    'this build p50 / p95 ms',
    'the walk, older index p50 / p95 ms',
    'through the indexes, older index p50 / p95 ms',
    'p50 ratios',
  ],
  results,
);
console.log(`load after: ${loadLine()}`);
printBenchResult({
  bench: 'history-words',
  title: `History's word search, ${ROWS.toLocaleString()} rows`,
  command: `npm run bench:history-words -- --rows ${ROWS} --runs ${RUNS}`,
  figure: `p95 ≤ ${worstNewP95.toFixed(2)} ms over six word searches`,
  peer: 'the same walk on the word index without prefix indexes (the build before), same rows and process',
  ratio: `${declineRatio.toFixed(1)}× on a decline reason (p50)`,
  goal: 'p95 ≤ 10 ms for every query (issue 24 item 17)',
  met: worstNewP95 <= 10,
  quick: ROWS < 1_000_000,
  values: { rows: ROWS, runs: RUNS, worstWalkP95Ms: worstNewP95, declineRatio },
});
