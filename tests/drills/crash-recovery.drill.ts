// Fault drills 1, 2 and 6 (npm run drills, inside a real Secret Service): Paydesk runs in a child process
// (tests/support/drills/paydesk-child.ts) with a persisted data folder, a settings file and the OS keychain,
// against a sandbox gateway in THIS process behind a fault proxy, and is killed with SIGKILL.
// 1. Crash during pay-ins: 20 kills at seeded random points before, during and after the request. After
//    each restart history and gateway agree (pending rows become outcome_unknown, none dropped), and
//    asking again about the unknown ones charges nobody twice.
// 2. Crash during a KYC submit: killed mid-batch while the gateway's answers are held back. After a
//    restart the same file offers only what Paydesk heard was accepted; in the end the gateway holds every
//    record and no record Paydesk knew was accepted is sent again.
// 6. Secrets at rest, last: no full card number, CVV or merchant secret in anything the drills left on
//    disk (history, and its WAL as each kill left it; settings file, logs, the child's console, its
//    diagnostic reports, the gateway's own file).
// Replay a run with DRILL_SEED=<seed printed below>; keep its files with DRILL_KEEP_ARTIFACTS=1.
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { KYC_MAX_RECORDS_PER_REQUEST } from '@shared/gateway/kyc';
import type { PayInRow } from '@shared/history';
import type { KycProgressEvent } from '@shared/kyc-batch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeychainVault } from '../../src/main/credentials/keychain-vault';
import { probeKeychain } from '../../src/main/credentials/probe-keychain';
import { type ChildApp, ChildGone, killStrayChildren, startChildApp } from '../support/drills/child-app';
import {
  DRILL_PROFILE_ID,
  type DrillGateway,
  drillProfile,
  startDrillGateway,
} from '../support/drills/drill-gateway';
import { answeredUserIds, lostAnswers, sentTwice } from '../support/drills/kyc-sends';
import { type Attempt, AttemptBook } from '../support/drills/payin-attempts';
import { disagreements, expectAgreement } from '../support/drills/payin-gateway-check';
import { filesUnder, maskedSightings, scanForSecrets } from '../support/drills/secrets-scan';
import { drillSeed, seededRandom } from '../support/drills/seeded-random';
import { supportMessageProblems } from '../support/drills/support-message';
import { kycCsv, kycRecord } from '../support/kyc/generate';
import { allOrders, kycRecords } from '../support/sandbox/gateway-inspection';

const SEED = drillSeed();
console.info(`crash drills seed ${SEED} (replay with DRILL_SEED=${SEED})`);
const random = seededRandom(SEED);
const tag = SEED.toString(36);

const root = mkdtempSync(join(tmpdir(), 'paydesk-drills-'));
const payInDir = join(root, 'payin-app');
const kycDir = join(root, 'kyc-app');
const keychainService = `paydesk-drill-${randomUUID()}`;
let gw: DrillGateway;
const book = new AttemptBook(random, tag);
const reports: string[] = [];

beforeAll(async () => {
  const probe = await probeKeychain();
  if (!probe.available) {
    throw new Error(`the crash drills need the OS keychain (run them with npm run drills): ${probe.reason}`);
  }
  gw = await startDrillGateway({ dataFile: join(root, 'gateway.sqlite'), slowFaultDelayMs: 120_000 });
  // The merchant secret goes into the keychain from here; the child only ever reads it from there.
  await createKeychainVault(keychainService).setSecret(DRILL_PROFILE_ID, gw.secret);
});

afterAll(async () => {
  await killStrayChildren();
  await createKeychainVault(keychainService)
    .deleteSecret(DRILL_PROFILE_ID)
    .catch(() => false);
  await gw?.close();
  if (process.env.DRILL_KEEP_ARTIFACTS) console.info(`crash drill files kept in ${root}`);
  else rmSync(root, { recursive: true, force: true });
});

/** The history file as a kill left it, WAL included, before the restart checkpoints it: for the secrets scan. */
function snapshotHistory(dataDir: string, label: string): void {
  const into = join(root, 'crash-snapshots', label);
  mkdirSync(into, { recursive: true });
  for (const name of readdirSync(dataDir).filter((file) => file.startsWith('history.sqlite'))) {
    copyFileSync(join(dataDir, name), join(into, name));
  }
}

async function startApp(dataDir: string): Promise<ChildApp> {
  mkdirSync(dataDir, { recursive: true });
  return startChildApp({ dataDir, keychainService, consoleFile: join(dataDir, 'console.log') });
}

async function activateDrillProfile(app: ChildApp): Promise<void> {
  await app.data(
    'profiles.save',
    drillProfile(gw.proxy, { connectTimeoutMs: 5_000, requestTimeoutMs: 120_000 }),
  );
  await app.data('profiles.activate', { id: DRILL_PROFILE_ID });
}

/** A call whose process may be killed before it answers: its rejection is expected, never unhandled. */
function inFlight<T>(call: Promise<T>): Promise<T | ChildGone> {
  return call.catch((error: unknown) => {
    if (error instanceof ChildGone) return error;
    throw error;
  });
}

describe('crash during pay-ins', () => {
  const KILLS = 20;
  type KillPoint = 'racing' | 'request-at-proxy' | 'gateway-holds-answer' | 'answer-held' | 'after-answer';
  const KILL_POINTS: Record<KillPoint, string> = {
    racing: 'at a random moment 0-60 ms after the submit (before the row, before or while sending)',
    'request-at-proxy': 'with the whole request sent but not yet at the gateway',
    'gateway-holds-answer': 'while the gateway holds its answer (fault amount 500.02)',
    'answer-held': 'with the gateway done and its answer on the way back',
    'after-answer': 'right after the answer arrived',
  };
  // Every kind at least twice, the rest at random, in a random order.
  const kinds = Object.keys(KILL_POINTS) as KillPoint[];
  const plan: KillPoint[] = [...kinds, ...kinds];
  while (plan.length < KILLS) plan.push(random.pick(kinds));
  for (let i = plan.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [plan[i], plan[j]] = [plan[j]!, plan[i]!];
  }

  async function payInRows(app: ChildApp): Promise<PayInRow[]> {
    return (await app.data('history.query', { kind: 'payin', limit: 500 })).rows as PayInRow[];
  }

  async function expectHistoryMatchesGateway(app: ChildApp, label: string): Promise<PayInRow[]> {
    const rows = await payInRows(app);
    expectAgreement(
      await disagreements({ rows, gatewayUrl: gw.sandbox.url, merchantId: gw.merchantId, proxy: gw.proxy }),
      `${label} (seed ${SEED})`,
    );
    expect(await app.data('history.verify'), label).toMatchObject({ ok: true });
    return rows;
  }

  /** Retries every unknown outcome as an operator would after a restart: the card typed again. */
  async function askAgainAboutUnknown(app: ChildApp, rows: PayInRow[], label: string): Promise<void> {
    for (const row of rows.filter((candidate) => candidate.status === 'outcome_unknown')) {
      const attempt = book.byUserId.get(row.userId);
      expect(attempt, `${label}: a row for a customer the drill never keyed`).toBeDefined();
      const result = await app.call('payin.askAgain', { historyId: row.id, card: attempt!.card });
      expect(result, `${label}: asking again about ${row.merchantTradeNo}`).toMatchObject({ ok: true });
    }
  }

  async function submit(app: ChildApp, attempt: Attempt) {
    return app.call('payin.submit', { version: attempt.version, fields: attempt.fields });
  }

  async function waitForGatewayOrder(userId: string): Promise<void> {
    for (let tries = 0; tries < 2_400; tries += 1) {
      const orders = await allOrders(gw.sandbox.url, gw.merchantId);
      if (orders.some((order) => order.userId === userId)) return;
      await sleep(25);
    }
    throw new Error(`the gateway never received the pay-in of ${userId}`);
  }

  /** Starts the fatal pay-in and kills the app at the planned point. Returns the attempt. */
  async function killDuring(app: ChildApp, point: KillPoint): Promise<Attempt> {
    const since = gw.proxy.connections.length;
    const newRequestComplete = () =>
      gw.proxy.connections.slice(since).some((connection) => connection.requestComplete);
    const newAnswerComplete = () =>
      gw.proxy.connections.slice(since).some((connection) => connection.responseComplete);
    switch (point) {
      case 'racing': {
        const attempt = book.make('ordinary');
        const call = inFlight(submit(app, attempt));
        await sleep(random.int(0, 60));
        await app.kill();
        await call;
        return attempt;
      }
      case 'request-at-proxy': {
        await gw.proxy.setMode('stall');
        const attempt = book.make('ordinary');
        const call = inFlight(submit(app, attempt));
        await gw.proxy.until(newRequestComplete, 'the pay-in request at the proxy');
        reports.push(await app.writeReport());
        await app.kill();
        await call;
        return attempt;
      }
      case 'gateway-holds-answer': {
        const attempt = book.make({ exactly: '500.02' });
        const call = inFlight(submit(app, attempt));
        await waitForGatewayOrder(attempt.userId);
        await app.kill();
        await call;
        return attempt;
      }
      case 'answer-held': {
        await gw.proxy.setMode('hold');
        const attempt = book.make('ordinary');
        const call = inFlight(submit(app, attempt));
        await gw.proxy.until(newAnswerComplete, "the gateway's answer at the proxy");
        reports.push(await app.writeReport());
        await app.kill();
        await call;
        return attempt;
      }
      case 'after-answer': {
        const attempt = book.make('ordinary');
        expect(await submit(app, attempt)).toMatchObject({ ok: true });
        await app.kill();
        return attempt;
      }
    }
  }

  it(`survives ${KILLS} kills: history matches the gateway after every restart, and retries never charge twice`, async () => {
    let app = await startApp(payInDir);
    await activateDrillProfile(app);
    // A stored card, so that the settings file holds card data (masked) for the secrets scan.
    const opening = book.make('ordinary', { cardNumber: '4242424242424242', storeCard: true });
    expect(await submit(app, opening)).toMatchObject({ ok: true, data: { status: 'approved' } });

    const inFlightAtKill = new Map<string, KillPoint>();
    for (const [round, point] of plan.entries()) {
      const label = `kill ${round + 1}/${KILLS} (${point}: ${KILL_POINTS[point]})`;
      for (let extra = random.int(0, 2); extra > 0; extra -= 1) {
        const background = book.make('any');
        expect(await submit(app, background), `${label}: background pay-in`).toMatchObject({ ok: true });
      }
      const fatal = await killDuring(app, point);
      inFlightAtKill.set(fatal.userId, point);
      snapshotHistory(payInDir, `payin-kill-${round + 1}`);
      await gw.proxy.setMode('pass');

      app = await startApp(payInDir);
      const rows = await expectHistoryMatchesGateway(app, `after ${label}`);
      const row = rows.find((candidate) => candidate.userId === fatal.userId);
      if (point !== 'racing') {
        // The request had left (or its answer had come back): its row is there, never silently dropped.
        expect(row, `after ${label}: the pay-in's row`).toBeDefined();
      }
      if (point !== 'racing' && point !== 'after-answer') {
        expect(row?.status, `after ${label}`).toBe('outcome_unknown');
        expect(supportMessageProblems(row?.note?.message, 'plain')).toEqual([]);
        expect(row?.note?.message).toMatch(/check before sending again/);
      }
      await askAgainAboutUnknown(app, rows, `after ${label}`);
      await expectHistoryMatchesGateway(app, `after the retries following ${label}`);
    }

    // Every pay-in is settled now except those whose gateway faults before acting (500.01): nothing to find.
    const rows = await expectHistoryMatchesGateway(app, 'at the end');
    const unsettled = rows.filter((row) => row.status === 'outcome_unknown' && row.amount !== '500.01');
    expect(unsettled.map((row) => ({ userId: row.userId, killed: inFlightAtKill.get(row.userId) }))).toEqual(
      [],
    );
    expect(rows.length).toBeGreaterThanOrEqual(KILLS);
    const statuses: Record<string, number> = {};
    for (const row of rows) statuses[row.status] = (statuses[row.status] ?? 0) + 1;
    const points: Record<string, number> = {};
    for (const point of plan) points[point] = (points[point] ?? 0) + 1;
    console.info(
      `pay-in crash drill (seed ${SEED}): ${KILLS} kills ${JSON.stringify(points)}; ${rows.length} pay-ins ${JSON.stringify(statuses)}; ` +
        `${(await allOrders(gw.sandbox.url, gw.merchantId)).length} orders at the gateway, ${reports.length} diagnostic reports`,
    );
    await app.close();
  });
});

describe('crash during a KYC submit', () => {
  const TOTAL = 4 * KYC_MAX_RECORDS_PER_REQUEST + 300;
  const CRASHES = 2;
  const records = Array.from({ length: TOTAL }, (_, i) => ({ ...kycRecord(i), userId: `kyc-${tag}-${i}` }));
  const file = { fileName: 'drill-batch.csv', bytes: Buffer.from(kycCsv(records)).toString('base64') };

  async function acceptedRows(app: ChildApp, batchId: string): Promise<Set<string>> {
    const accepted = new Set<string>();
    for (let offset = 0; ; offset += 1_000) {
      const page = await app.data('kyc.rows', {
        batchId,
        filter: 'accepted',
        offset,
        limit: 1_000,
      });
      for (const row of page.rows) if (row.record.userId) accepted.add(row.record.userId);
      if (offset + page.rows.length >= page.total) return accepted;
    }
  }

  it(`killed mid-batch ${CRASHES} times: each restart offers only what was not heard accepted; the gateway ends with every record, none sent twice`, async () => {
    for (let round = 0; round <= CRASHES; round += 1) {
      const label = `KYC start ${round + 1}`;
      const app = await startApp(kycDir);
      if (round === 0) await activateDrillProfile(app);
      const summary = await app.data('kyc.open', file);
      const heard = answeredUserIds(gw.proxy);
      expect
        .soft(summary.counts, `${label}: the file offers exactly what Paydesk did not hear accepted`)
        .toMatchObject({
          total: TOTAL,
          accepted: heard.size,
          valid: TOTAL - heard.size,
        });
      if (round > 0) {
        const accepted = await acceptedRows(app, summary.batchId);
        const missing = [...heard].filter((userId) => !accepted.has(userId));
        expect.soft(missing.length, `${label}: records heard accepted but offered again`).toBe(0);
      }

      if (round === CRASHES) {
        const done = await app.data('kyc.submit', { batchId: summary.batchId });
        expect(
          done.chunks.every((chunk) => chunk.state === 'accepted'),
          `${label}: last run`,
        ).toBe(true);
        expect(await app.data('history.verify')).toMatchObject({ ok: true });
        await app.close();
        break;
      }

      const chunks = Math.ceil(summary.counts.valid / KYC_MAX_RECORDS_PER_REQUEST);
      expect(chunks, `${label}: something left to send`).toBeGreaterThan(0);
      const passed = random.int(0, chunks - 1);
      const held = Math.min(2, chunks - passed);
      const since = gw.proxy.connections.length;
      await gw.proxy.setMode((index) => (index - since < passed ? 'pass' : 'hold'));
      const submitted = inFlight(app.call('kyc.submit', { batchId: summary.batchId }));
      await app.eventsSeen('kyc.progress', passed);
      await gw.proxy.until(() => lostAnswers(gw.proxy, since) >= held, `${held} KYC answers held`);
      const progress = app.events.filter((event) => event.event === 'kyc.progress');
      expect(progress.map((event) => (event.payload as KycProgressEvent).chunk.state)).toEqual(
        Array(passed).fill('accepted'),
      );
      // A round trip through the app: whatever it does on hearing an answer has been done.
      await app.data('history.query', { kind: 'kyc_batch' });
      reports.push(await app.writeReport());
      await app.kill();
      await submitted;
      snapshotHistory(kycDir, `kyc-kill-${round + 1}`);
      await gw.proxy.setMode('pass');
    }

    const atGateway = await kycRecords(gw.sandbox.url, gw.merchantId);
    expect(new Set(atGateway.map((record) => record.userId)).size).toBe(TOTAL);
    expect(atGateway).toHaveLength(TOTAL);
    expect(answeredUserIds(gw.proxy).size, 'every record answered accepted once').toBe(TOTAL);
    expect(sentTwice(gw.proxy).slice(0, 5), 'records sent again although their acceptance was heard').toEqual(
      [],
    );
  });
});

describe('secrets at rest, after all the drills', () => {
  it('no full card number, CVV or merchant secret in history, WAL, settings, logs, console or crash reports', () => {
    const files = filesUnder(root);
    const names = files.map((file) => file.slice(root.length + 1));
    expect(names).toEqual(
      expect.arrayContaining([
        'payin-app/history.sqlite',
        'payin-app/settings.json',
        'payin-app/logs/paydesk.log',
        'payin-app/console.log',
        'gateway.sqlite',
      ]),
    );
    const reportFiles = names.filter((name) => /\/reports\/report\..*\.json$/.test(name));
    expect(reportFiles.length, 'diagnostic reports written by the killed app').toBeGreaterThanOrEqual(
      reports.length,
    );
    expect(reports.length).toBeGreaterThan(0);

    const scan = scanForSecrets(
      files,
      { cardNumbers: book.cardNumbers, cvvs: book.cvvs, merchantSecrets: [gw.secret] },
      root,
    );
    expect(scan.findings).toEqual([]);
    // Not vacuous: card data is in these files, masked.
    expect(maskedSightings(scan, /^payin-app\/history\.sqlite/)).toBeGreaterThan(0);
    expect(maskedSightings(scan, /^payin-app\/logs\//)).toBeGreaterThan(0);
    expect(maskedSightings(scan, /^payin-app\/settings\.json$/)).toBeGreaterThan(0);
    expect(
      names.filter((name) => /^crash-snapshots\/payin-kill-\d+\/history\.sqlite-wal$/.test(name)).length,
    ).toBeGreaterThan(0);
    expect(maskedSightings(scan, /^crash-snapshots\/payin-kill-\d+\/history\.sqlite-wal$/)).toBeGreaterThan(
      0,
    );
  });
});
