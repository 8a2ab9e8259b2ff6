// Fault drill: the history damaged (issue 25). A desk makes real pay-ins through the embedded sandbox
// gateway (some answered, some whose answer is lost: outcome unknown), makes its own backups, and closes
// or crashes; then its history is damaged the ways disks, power cuts and sync tools damage it:
// - cut to 60 % while Paydesk was closed (no backup at hand);
// - random pages overwritten, and the newest backup damaged too;
// - the WAL deleted after a crash (the crash image taken while the desk ran; the backup of a moment before).
// After each: the desk starts, the damaged file is kept byte for byte, every row SQLite could still read
// and every row of the good backup is there, every outcome-unknown pay-in is back as outcome unknown (from
// the log when its pages were lost), the gateway knows each of those orders, and the notice says so.
// Replay with DRILL_SEED=<seed printed below>.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import type { CredentialVault } from '../../src/main/credentials/vault';
import { listBackups } from '../../src/main/history/backups/history-backups';
import { DEFAULT_MERCHANT } from '../../src/sandbox/merchants';
import { type Fixture, startFixture, v2Fields } from '../support/app/paydesk-fixture';
import { drillSeed } from '../support/drills/seeded-random';
import {
  crashImage,
  cutFile,
  overwritePages,
  readableRows,
  sha256Of,
} from '../support/history/damaged-history';
import { allOrders } from '../support/sandbox/gateway-inspection';

const seed = drillSeed();
console.log(`history-damage drill: DRILL_SEED=${seed}`);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

type Made = { historyId: number; merchantTradeNo: string; status: string; amount: string };

/** Pay-ins through the app's own channel: `count` answered, every fifth one's answer lost. */
async function payIns(fx: Fixture, count: number): Promise<Made[]> {
  const made: Made[] = [];
  for (let i = 1; i <= count; i += 1) {
    const lost = i % 5 === 0;
    const fields = lost
      ? v2Fields({ amount: '500.04', callBackURL: 'http://127.0.0.1:9/nowhere' })
      : v2Fields({ amount: `${20 + i}.00` });
    const result = await fx.data('payin.submit', { version: 'v2', fields });
    made.push({
      historyId: result.historyId,
      merchantTradeNo: result.merchantTradeNo,
      status: result.status,
      amount: result.amount,
    });
  }
  expect(made.filter((p) => p.status === 'outcome_unknown').length).toBe(Math.floor(count / 5));
  return made;
}

async function desk(): Promise<{ dataDir: string; vault: CredentialVault; fx: Fixture }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-drill-damage-'));
  dirs.push(dataDir);
  const vault = createMemoryVault();
  return { dataDir, vault, fx: await startFixture({ dataDir, vault }) };
}

async function expectBack(
  dataDir: string,
  vault: CredentialVault,
  made: Made[],
  damagedHash: string,
  readable: Map<number, string>,
) {
  const fx = await startFixture({ dataDir, vault });
  try {
    const notice = await fx.data('history.startupNotice');
    expect(notice).not.toBeNull();
    if (!notice) return;
    const main = notice.damagedFiles.find((file) => file.endsWith('.sqlite')) as string;
    expect(sha256Of(main)).toBe(damagedHash);
    // A row the damaged file holds as pending was in flight there: it comes back open (outcome unknown),
    // or with the answer a newer source (the backup, the log) recorded for it — never anything else. Since
    // history migration 11 (more index pages a write) the crash image holds such a row: the build before
    // passes and the one after fails the stricter check, with a row 'pending' in the file and 'approved' in
    // the backup taken after its answer.
    const ended = new Map(made.map((payIn) => [payIn.historyId, payIn.status]));
    for (const [id, status] of readable) {
      const row = fx.paydesk.history.getById(id);
      const settledElsewhere = status === 'pending' && row?.status === ended.get(id);
      expect(
        row?.status === status ||
          (status === 'pending' && row?.status === 'outcome_unknown') ||
          settledElsewhere,
        `row ${id}: ${status} in the damaged file, ${row?.status} after the start`,
      ).toBe(true);
    }
    const orders = await allOrders(fx.paydesk.sandbox, DEFAULT_MERCHANT.merchantId);
    for (const payIn of made.filter((p) => p.status === 'outcome_unknown')) {
      const row = fx.paydesk.history.getById(payIn.historyId);
      expect(row?.kind === 'payin' && row.merchantTradeNo).toBe(payIn.merchantTradeNo);
      expect(row?.status).toBe('outcome_unknown');
      expect(notice.openPayIns.map((p) => p.merchantTradeNo)).toContain(payIn.merchantTradeNo);
      expect(orders.map((order) => order.merchantTradeNo)).toContain(payIn.merchantTradeNo);
    }
    expect(notice.rows.recovered + notice.missingRowCount).toBe(made.length);
    return notice;
  } finally {
    await fx.close();
  }
}

describe('history damage drill', () => {
  it('cut to 60 % while closed, no backup at hand', async () => {
    const { dataDir, vault, fx } = await desk();
    const made = await payIns(fx, 40);
    await fx.close();
    rmSync(join(dataDir, 'backups'), { recursive: true, force: true });
    const file = join(dataDir, 'history.sqlite');
    cutFile(file, 0.6);
    const readable = readableRows(file, mkdtempSync(join(tmpdir(), 'oracle-')), made.length);
    const notice = await expectBack(dataDir, vault, made, sha256Of(file), readable);
    expect(notice?.backupUsed).toBeNull();
  }, 180_000);

  it('random pages overwritten, the newest backup damaged too', async () => {
    const { dataDir, vault, fx } = await desk();
    const first = await payIns(fx, 20);
    await fx.paydesk.backups.backUpNow();
    const later = await payIns(fx, 20);
    await fx.close();
    const backups = listBackups(join(dataDir, 'backups'));
    expect(backups.length).toBe(2);
    overwritePages(backups[0]?.file as string, 4, seed);
    const file = join(dataDir, 'history.sqlite');
    overwritePages(file, 8, seed + 1);
    const readable = readableRows(file, mkdtempSync(join(tmpdir(), 'oracle-')), 40);
    const notice = await expectBack(dataDir, vault, [...first, ...later], sha256Of(file), readable);
    expect(notice?.backupUsed?.file).toBe(backups[1]?.file);
    expect(notice?.backupsSkipped.map((skipped) => skipped.file)).toContain(backups[0]?.file);
  }, 180_000);

  it('the WAL deleted after a crash', async () => {
    const { dataDir, vault, fx } = await desk();
    const first = await payIns(fx, 20);
    await fx.paydesk.backups.backUpNow();
    const later = await payIns(fx, 10);
    const image = mkdtempSync(join(tmpdir(), 'crash-'));
    dirs.push(image);
    await fx.paydesk.history.flush();
    crashImage(dataDir, image);
    await fx.close();
    // What the crash left: the file without its WAL, and no backup at close.
    const file = join(dataDir, 'history.sqlite');
    copyFileSync(join(image, 'history.sqlite'), file);
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    const backups = listBackups(join(dataDir, 'backups'));
    for (const backup of backups.slice(0, -1)) rmSync(backup.file);
    expect(existsSync(`${file}-wal`)).toBe(false);
    const readable = readableRows(file, mkdtempSync(join(tmpdir(), 'oracle-')), 30);
    const notice = await expectBack(dataDir, vault, [...first, ...later], sha256Of(file), readable);
    expect(notice?.reason).toMatch(/lost writes/);
    expect(readdirSync(join(dataDir, 'damaged')).some((name) => name.endsWith('.report.json'))).toBe(true);
  }, 180_000);
});
