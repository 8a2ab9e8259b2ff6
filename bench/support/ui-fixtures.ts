// The material bench/ui.ts works on: a KYC file of 100,000 records with invalid cells planted (so the grid
// shows warnings, reasons and outlines as a real batch does), a history file of a million pay-ins for the
// harness's data folder, and the peers — an empty page and a plain 2,000-row table — written beside the
// built renderer, so that the harness serves them as it serves Paydesk's page.
import { once } from 'node:events';
import { copyFileSync, createWriteStream, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sessionTrust } from '../../src/main/history/audit/audit-trust';
import { openHistoryStore } from '../../src/main/history/store/history-store';
import { CSV_HEADERS, kycCsvLine, kycRecord } from '../../tests/support/kyc/generate';
import { insertBulkPayIns } from './history-fill';

/** One record in `INVALID_EVERY` carries an invalid cell (a bad e-mail, birthday or country in turn). */
const INVALID_EVERY = 9;

/**
 * A CSV of `records` KYC records, one in INVALID_EVERY with an invalid cell planted; `userIdOf` gives the
 * records userIds of their own (e.g. a new batch each time). Returns how many records are invalid.
 */
export async function writeKycCsv(
  file: string,
  records: number,
  userIdOf?: (i: number) => string,
): Promise<number> {
  const out = createWriteStream(file);
  out.write(`${CSV_HEADERS.join(',')}\r\n`);
  let invalid = 0;
  for (let i = 0; i < records; i++) {
    const record: Record<string, string | readonly string[]> = { ...kycRecord(i) };
    if (userIdOf) record.userId = userIdOf(i);
    if (i % INVALID_EVERY === 4) {
      invalid++;
      const kind = Math.floor(i / INVALID_EVERY) % 3;
      if (kind === 0) record.email = `person${i}(at)example.com`;
      else if (kind === 1) record.birthday = `19${i % 100}-13-40`;
      else record.country = 'XX';
    }
    if (!out.write(`${kycCsvLine(record)}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return invalid;
}

const START = Date.UTC(2026, 0, 1);

/**
 * A history file of `rows` pay-ins over 300 days, in bulk with the store's own schema and triggers (the
 * migrations run first): the rows bench/history.ts generates. Like those, they have no audit entries, so
 * the app that opens the file marks each as failing verification: the list draws ⚠ on every row, its
 * costliest look. Built once in `cacheDir` and copied into each harness's data folder.
 */
export function historyFile(cacheDir: string, rows: number): string {
  const file = join(cacheDir, `history-${rows}.sqlite`);
  if (existsSync(file)) return file;
  mkdirSync(cacheDir, { recursive: true });
  const building = `${file}.building`;
  openHistoryStore(building, { trust: sessionTrust() }).close();
  const db = new DatabaseSync(building);
  db.exec('PRAGMA synchronous = OFF; BEGIN');
  insertBulkPayIns(db, { rows, start: START });
  db.exec('COMMIT; PRAGMA wal_checkpoint(TRUNCATE); ANALYZE');
  db.close();
  renameSync(building, file);
  return file;
}

/** A harness data folder holding a copy of the history file. */
export function dataFolderWith(history: string, dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  copyFileSync(history, join(dir, 'history.sqlite'));
  return dir;
}

export const EMPTY_PAGE = 'bench-empty.html';
export const TABLE_PAGE = 'bench-table.html';
/** Rows of the plain table: the size the first look used as the machine's yardstick. */
export const TABLE_ROWS = 2_000;

/** The peers, beside the built renderer's index.html: the empty page (with one plain field, the typing peer) and the table. */
export function writePeerPages(rendererDir: string): void {
  writeFileSync(
    join(rendererDir, EMPTY_PAGE),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>empty</title></head><body><p>ready</p><input aria-label="Peer field"></body></html>\n',
  );
  const rows: string[] = [];
  for (let i = 0; i < TABLE_ROWS; i++) {
    const record = kycRecord(i);
    rows.push(
      `<tr><th>${i + 2}</th><td>${record.userId}</td><td>${record.firstName}</td><td>${record.lastName}</td><td>${record.birthday}</td><td>${record.country}</td><td>${record.email}</td><td>${record.mobile}</td></tr>`,
    );
  }
  writeFileSync(
    join(rendererDir, TABLE_PAGE),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>table</title>
<style>body{margin:0;font:13px system-ui,sans-serif}#box{height:400px;overflow:auto;margin:200px 16px}
table{border-collapse:collapse;width:1400px}td,th{border:1px solid #ddd;padding:0 8px;height:31px;white-space:nowrap}
tr:nth-child(odd){background:#f8f9fa}</style></head>
<body><div id="box" data-testid="plain-table-scroll"><table><tbody>${rows.join('')}</tbody></table></div></body></html>\n`,
  );
}
