// A damaged history never bricks the desk (issue 25, item 1 and 2): real files written by the real store,
// damaged as disks and power cuts damage them, then the app core started on them. After each: the desk
// starts, the damaged file is set aside byte for byte as it was, every row SQLite could still read is
// back with its id, order number and status, the outcome-unknown and in-flight pay-ins are back (from the
// log when their pages were lost), and the start-up notice, which the page asks for, says what happened.
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import type { CredentialVault } from '../../src/main/credentials/vault';
import { vaultTrustStore } from '../../src/main/history/audit/audit-trust';
import { backUpHistory } from '../../src/main/history/backups/history-backups';
import {
  checkInBackground,
  DAMAGE_FOUND_FILE,
  prepareHistoryFile,
} from '../../src/main/history/history-startup';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';
import {
  crashImage,
  cutFile,
  openDesk,
  overwritePages,
  readableRows,
  sha256Of,
  type WrittenPayIn,
  writeDeskHistory,
} from '../support/history/damaged-history';
import { expectSaidInWords } from '../support/i18n/said-in-words';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-damage-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A desk's data folder holding a history of `count` pay-ins, a few left open (writeDeskHistory). */
async function deskWithHistory(count: number) {
  const dataDir = tempDir();
  const vault = createMemoryVault();
  const written = await writeDeskHistory(dataDir, vault, count);
  return { dataDir, vault, written, file: join(dataDir, 'history.sqlite') };
}

async function start(dataDir: string, vault: CredentialVault): Promise<Fixture> {
  const fx = await startFixture({ dataDir, vault });
  cleanups.push(() => fx.close());
  return fx;
}

/** What every salvage must give: the open pay-ins back, readable rows back, the notice, the copy. */
async function expectSalvaged(
  fx: Fixture,
  written: WrittenPayIn[],
  readable: Map<number, string>,
  damagedHash: string,
) {
  const notice = await fx.data('history.startupNotice');
  expect(notice).not.toBeNull();
  if (!notice) return notice;
  // The damaged file, set aside unchanged.
  // What was found, in the catalogue's words (said in the reader's language) and in English.
  expectSaidInWords(notice.reason, notice.reasonWords);
  const damagedMain = notice.damagedFiles.find((file) => file.endsWith('.sqlite'));
  expect(damagedMain).toBeDefined();
  expect(sha256Of(damagedMain as string)).toBe(damagedHash);
  // Every row SQLite could still read from the damaged file, with its status.
  for (const [id, status] of readable) {
    const row = fx.paydesk.history.getById(id);
    expect(row?.status === status || (status === 'pending' && row?.status === 'outcome_unknown')).toBe(true);
  }
  // Every open pay-in is back under its own id and order number, as outcome_unknown (in flight: too).
  for (const payIn of written.filter((p) => p.status === 'outcome_unknown' || p.status === 'pending')) {
    const row = fx.paydesk.history.getById(payIn.id);
    expect(row?.kind === 'payin' && row.merchantTradeNo).toBe(payIn.merchantTradeNo);
    expect(row?.status).toBe('outcome_unknown');
    expect(row?.kind === 'payin' && row.amount).toBe(payIn.amount);
  }
  // Nothing silently dropped: recovered + missing covers every id the desk gave out.
  const { rows } = notice;
  expect(rows.recovered + notice.missingRowCount).toBe(written.length);
  expect(rows.recovered).toBe(fx.paydesk.history.count({ sort: 'createdAt_desc', limit: 1 }));
  // Every row written is either back with its order number or named missing.
  const named = (id: number) => notice.missingRows.some(([from, to]) => from <= id && id <= to);
  for (const payIn of written) {
    const row = fx.paydesk.history.getById(payIn.id);
    if (row) expect(row.kind === 'payin' && row.merchantTradeNo).toBe(payIn.merchantTradeNo);
    else expect(named(payIn.id)).toBe(true);
  }
  // The trail: what was copied is never reported as changed (it was not re-sealed, and not altered);
  // lost entries are reported as missing, the salvage itself is an entry of its own.
  const verification = fx.paydesk.history.verifyHistory();
  expect(verification.problems.filter((problem) => problem.kind === 'entry_changed')).toEqual([]);
  // The salvage is an entry of its own, sealed under this desk's key.
  const db = new DatabaseSync(join(fx.dataDir, 'history.sqlite'), { readOnly: true });
  const salvaged = db.prepare("SELECT count(*) AS n FROM audit_log WHERE event = 'history.salvaged'").get();
  db.close();
  expect(Number(salvaged?.n)).toBe(1);
  return notice;
}

describe.each([
  [300, 0.5],
  [300, 0.6],
  [2_000, 0.5],
  [2_000, 0.6],
])('a history of %i pay-ins cut to %f of its size while Paydesk was closed', (count, share) => {
  it('starts, sets the file aside unchanged, salvages every readable row and the open pay-ins', async () => {
    const { dataDir, vault, written, file } = await deskWithHistory(count);
    cutFile(file, share);
    const damagedHash = sha256Of(file);
    const readable = readableRows(file, tempDir(), count);

    const fx = await start(dataDir, vault);
    const notice = await expectSalvaged(fx, written, readable, damagedHash);
    expect(notice?.reason).toMatch(/cut short/);
    expect(notice?.backupUsed).toBeNull();
    // The page reader finds more than SQLite's own b-tree walk can reach on a cut file.
    expect(notice?.rows.fromDamagedFile).toBeGreaterThanOrEqual(readable.size);
    // The two outcome-unknown pay-ins and the one in flight past the cut came back from the log.
    expect(notice?.rows.fromLog).toBeGreaterThanOrEqual(1);
    expect(notice?.openPayIns.map((p) => p.historyId).sort((a, b) => a - b)).toEqual(
      written
        .filter((p) => p.status === 'outcome_unknown' || p.status === 'pending')
        .map((p) => p.id)
        .sort((a, b) => a - b),
    );
    // A new pay-in never reuses an id the damaged file gave out.
    const again = await fx.data('history.acknowledgeStartupNotice');
    expect(again).toBeNull();
    expect(await fx.data('history.startupNotice')).toBeNull();
  }, 60_000);
});

describe('random pages overwritten', () => {
  it.each([11, 29, 47])(
    'seed %i: every row SQLite can read and every open pay-in is back',
    async (seed) => {
      const { dataDir, vault, written, file } = await deskWithHistory(2_000);
      overwritePages(file, 12, seed);
      const damagedHash = sha256Of(file);
      const readable = readableRows(file, tempDir(), written.length);
      const fx = await start(dataDir, vault);
      const notice = await expectSalvaged(fx, written, readable, damagedHash);
      expect(notice?.rows.recovered).toBeGreaterThan(written.length * 0.8);
    },
    60_000,
  );
});

describe('the WAL deleted after a crash', () => {
  it('finds the lost writes by the anchor, lays the newest backup and the log under what the file holds', async () => {
    const { dataDir, vault, written: before } = await deskWithHistory(300);
    // A session: a backup, more pay-ins (some still open), then a crash before any checkpoint.
    const desk = await openDesk(dataDir, vault);
    const file = join(dataDir, 'history.sqlite');
    desk.payIn('approved');
    await backUpHistory(file, dataDir, Date.now());
    const late = [desk.payIn('approved'), desk.payIn('outcome_unknown'), desk.payIn('pending')];
    await desk.store.flush();
    const image = tempDir();
    crashImage(dataDir, image);
    desk.store.close();
    // The crash image back in place, without its WAL (a sync tool, a clean-up script took it): the file
    // alone is consistent, and old.
    copyFileSync(join(image, 'history.sqlite'), file);
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    const damagedHash = sha256Of(file);
    const readable = readableRows(file, tempDir(), 400);

    const fx = await start(dataDir, vault);
    const written = [...before, ...desk.written];
    const notice = await expectSalvaged(fx, written, readable, damagedHash);
    expect(notice?.reason).toMatch(/lost writes/);
    expect(notice?.backupUsed).not.toBeNull();
    // The pay-in before the backup is there from the backup; the open ones after it from the log.
    expect(fx.paydesk.history.getById(desk.written[0]?.id ?? 0)?.status).toBe('approved');
    for (const payIn of late.slice(1)) {
      expect(fx.paydesk.history.getById(payIn.id)?.status).toBe('outcome_unknown');
    }
    // Settled in the log, lost with the WAL: named, not rebuilt.
    expect(notice?.settledInLogOnly.map((p) => p.historyId)).toContain(late[0]?.id);
  }, 60_000);
});

describe('backups', () => {
  it('the newest good backup is the base; a damaged backup is skipped and named', async () => {
    const { dataDir, vault, written: first, file } = await deskWithHistory(300);
    const older = await backUpHistory(file, dataDir, Date.now() - 120_000);
    const desk = await openDesk(dataDir, vault);
    for (let i = 0; i < 100; i += 1) desk.payIn('approved');
    await desk.close();
    const newer = await backUpHistory(file, dataDir, Date.now() - 60_000);
    expect(newer.rows).toBe(400);
    expect(older.rows).toBe(300);
    // The newer backup damaged too; the history itself badly damaged.
    overwritePages(newer.file, 6, 5);
    cutFile(file, 0.3);
    const damagedHash = sha256Of(file);
    const readable = readableRows(file, tempDir(), 400);

    const fx = await start(dataDir, vault);
    const notice = await expectSalvaged(fx, [...first, ...desk.written], readable, damagedHash);
    expect(notice?.backupUsed?.file).toBe(older.file);
    expect(notice?.backupsSkipped.map((skipped) => skipped.file)).toContain(newer.file);
    // Every row of the good backup is there.
    for (const payIn of first) expect(fx.paydesk.history.getById(payIn.id)?.kind).toBe('payin');
    expect(notice?.rows.fromBackup).toBeGreaterThan(0);
  }, 60_000);

  it('makes a checked backup at close, and keeps a bounded set', async () => {
    const { dataDir, vault } = await deskWithHistory(50);
    const fx = await startFixture({ dataDir, vault });
    await fx.close();
    const backups = readdirSync(join(dataDir, 'backups'));
    expect(backups.filter((name) => name.endsWith('.sqlite'))).toHaveLength(1);
    expect(backups.filter((name) => !name.endsWith('.sqlite'))).toEqual([]);
  }, 60_000);
});

describe('a sound history', () => {
  it('starts with no notice and moves nothing aside', async () => {
    const { dataDir, vault } = await deskWithHistory(20);
    const fx = await start(dataDir, vault);
    expect(await fx.data('history.startupNotice')).toBeNull();
    expect(existsSync(join(dataDir, 'damaged'))).toBe(false);
  });
});

describe('a file too large to check at start', () => {
  it('is checked in a worker after start; damage found there is salvaged at the next start', async () => {
    const { dataDir, vault, written, file } = await deskWithHistory(2_000);
    // Pages in the middle of the file: the cheap checks at start (header, schema, first and last rows)
    // do not read them, only quick_check does.
    const pages = Math.floor(statSync(file).size / 4096);
    const middle = Math.floor(pages / 2);
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 3, 0x5a), 0, 4096 * 3, middle * 4096);
    closeSync(fd);
    const damagedHash = sha256Of(file);
    const readable = readableRows(file, tempDir(), written.length);
    const log = { info: () => undefined, error: () => undefined };
    const prepared = await prepareHistoryFile({
      historyFile: file,
      dataDir,
      trustStore: vaultTrustStore(vault, file),
      log,
      now: Date.now,
      quickCheckUpToBytes: 0,
    });
    expect(prepared.inspection).toMatchObject({ state: 'sound', deferred: true });
    const background = checkInBackground(file, dataDir, log);
    expect(await background.verdict).not.toBe('ok');
    expect(existsSync(join(dataDir, DAMAGE_FOUND_FILE))).toBe(true);
    const note = JSON.parse(readFileSync(join(dataDir, DAMAGE_FOUND_FILE), 'utf8'));
    expect(note.words.key).toBe('history.salvage.reason.foundWhileOpen');
    expect(sha256Of(file)).toBe(damagedHash);

    const fx = await start(dataDir, vault);
    const notice = await expectSalvaged(fx, written, readable, damagedHash);
    expect(notice?.reason).toMatch(/while Paydesk was open/);
    expect(existsSync(join(dataDir, DAMAGE_FOUND_FILE))).toBe(false);
  }, 60_000);
});

describe('a note of damage written by the previous version', () => {
  it('has no words: the salvage goes on, and the notice keeps its English alone', async () => {
    const { dataDir, vault } = await deskWithHistory(20);
    const reason = "SQLite's check of the file, run while Paydesk was open, found: row 7 missing from index";
    writeFileSync(join(dataDir, DAMAGE_FOUND_FILE), JSON.stringify({ reason, at: Date.now() }));
    const fx = await start(dataDir, vault);
    const notice = await fx.data('history.startupNotice');
    expect(notice?.reason).toBe(reason);
    expect(notice?.reasonWords).toBeUndefined();
    expect(notice?.rows.recovered).toBe(20);
  }, 60_000);
});

describe('a salvage cut short by a crash', () => {
  it('finds the damaged file set aside without its report, puts it back and salvages it again', async () => {
    const { dataDir, vault, written, file } = await deskWithHistory(300);
    cutFile(file, 0.6);
    const damagedHash = sha256Of(file);
    const readable = readableRows(file, tempDir(), written.length);
    // Where the killed salvage left it: set aside, no fresh history, no report.
    mkdirSync(join(dataDir, 'damaged'));
    renameSync(file, join(dataDir, 'damaged', 'history-2026-01-01T00-00-00-000Z.sqlite'));

    const fx = await start(dataDir, vault);
    const notice = await expectSalvaged(fx, written, readable, damagedHash);
    expect(notice?.reason).toMatch(/cut short/);
    expect(existsSync(join(dataDir, 'damaged', 'history-2026-01-01T00-00-00-000Z.sqlite'))).toBe(false);
  }, 60_000);
});
