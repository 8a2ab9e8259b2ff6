// Money-safety drills: faults that strike after the gateway has answered, a browser return that lies, and
// a KYC answer that counts short. Each proves that nothing that may have charged is shown as uncharged,
// and that no KYC record is marked accepted without the gateway's count.
//
// The write failures use a real full filesystem (a 2 MB tmpfs holding the data folder, filled at the
// moment the answer is to be written) where this machine lets the drill mount one; where it does not,
// the same SQLite error is injected into the history store at the same moment (or when asked to, with
// PAYDESK_DRILL_NO_MOUNT=1). The drill prints which.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IpcResult, PayInResult } from '@shared/ipc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import { gatewayTransport, type PayInTransport } from '../../src/main/payin/gateway-transport';
import {
  activateTestGateway,
  type Fixture,
  memoryStore,
  startFixture,
  submitFirstForm,
  v2Fields,
} from '../support/app/paydesk-fixture';
import { kyc, startInterfaceGateway } from '../support/doubles/interface-gateway';
import { kycCsv, kycRecord } from '../support/kyc/generate';
import { allOrders, ordersByTradeNo } from '../support/sandbox/gateway-inspection';

/** Where the data folder lives, and how to make its disk full and free it again. */
interface DiskFault {
  kind: 'a full filesystem' | 'an injected SQLite error';
  dataDir: string;
  logFile: string;
  fill(fx: Fixture): void;
  free(fx: Fixture): void;
  cleanUp(): void;
}

const SQLITE_FULL = () =>
  Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR', errcode: 13 });

function diskFault(): DiskFault {
  const root = mkdtempSync(join(tmpdir(), 'paydesk-disk-'));
  const logFile = join(root, 'paydesk.log');
  const mountPoint = join(root, 'small-disk');
  mkdirSync(mountPoint);
  try {
    if (process.env.PAYDESK_DRILL_NO_MOUNT === '1') throw new Error('asked not to mount');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mountPoint], { stdio: 'ignore' });
  } catch {
    rmSync(root, { recursive: true, force: true });
    return injectedFault();
  }
  let fillers = 0;
  return {
    kind: 'a full filesystem',
    dataDir: join(mountPoint, 'data'),
    logFile,
    fill() {
      try {
        for (;;) writeFileSync(join(mountPoint, `filler-${fillers++}`), Buffer.alloc(4096));
      } catch {
        // ENOSPC: the disk is full.
      }
    },
    free() {
      for (let i = 0; i < fillers; i++) rmSync(join(mountPoint, `filler-${i}`), { force: true });
      fillers = 0;
    },
    cleanUp() {
      execFileSync('umount', [mountPoint], { stdio: 'ignore' });
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function injectedFault(): DiskFault {
  const root = mkdtempSync(join(tmpdir(), 'paydesk-disk-'));
  const restore: (() => void)[] = [];
  return {
    kind: 'an injected SQLite error',
    dataDir: join(root, 'data'),
    logFile: join(root, 'paydesk.log'),
    fill(fx) {
      const history = fx.paydesk.history as unknown as Record<string, unknown>;
      for (const method of ['insertPayIn', 'updatePayIn', 'recordPayInEvent', 'recordEvent']) {
        const original = history[method];
        history[method] = () => {
          throw SQLITE_FULL();
        };
        restore.push(() => {
          history[method] = original;
        });
      }
    },
    free() {
      for (const undo of restore.splice(0)) undo();
    },
    cleanUp() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * The embedded sandbox through a profile that asks for no callback: what history holds then depends on
 * the answer alone, not on when the sandbox's signed notification happens to arrive.
 */
async function selectSandboxWithoutCallbacks(fx: Fixture): Promise<void> {
  // On a restart with this profile active, the embedded sandbox is started here (it runs on demand).
  const { url } = await fx.paydesk.embeddedSandbox();
  await activateTestGateway(fx, { id: 'plain', name: 'Sandbox without callbacks', url, merchantId: 100001 });
}

describe('the disk fills up', () => {
  let fault: DiskFault;
  let fx: Fixture;
  /** Set by a test: the disk fills the moment the gateway's answer is back, before it is written. */
  let fillAfterAnswer = false;

  beforeAll(async () => {
    fault = diskFault();
    console.info(`money-safety drill: write failures from ${fault.kind}`);
    const transport: PayInTransport = {
      async send(...args) {
        const answer = await gatewayTransport.send(...args);
        if (fillAfterAnswer) fault.fill(fx);
        return answer;
      },
    };
    fx = await startFixture({ dataDir: fault.dataDir, logFile: fault.logFile, transport });
    await selectSandboxWithoutCallbacks(fx);
  });

  afterAll(async () => {
    fault.free(fx);
    await fx?.close();
    fault?.cleanUp();
  });

  it('after the gateway answered: outcome unknown, never "not sent", the real error logged, and the pay-in found again', async () => {
    const fields = v2Fields({ amount: '31.00' });
    fillAfterAnswer = true;
    let answered: IpcResult<PayInResult>;
    try {
      answered = (await fx.call('payin.submit', { version: 'v2', fields })) as IpcResult<PayInResult>;
    } finally {
      fillAfterAnswer = false;
    }
    if (!answered.ok)
      throw new Error(`the pay-in was answered ${answered.error.kind}: ${answered.error.message}`);
    const result = answered.data;
    expect(result.status).toBe('outcome_unknown');
    expect(result.message).toMatch(
      /could not record the gateway's answer \(Error: database or disk is full\)/,
    );
    // The gateway's word in a word the reader's language has (payin.answer.notRecorded), not its sentence.
    expect(result.message).toMatch(/The gateway's word was: approved\..*may have gone through/);
    expect(result.words).toMatchObject({ key: 'payin.answer.notRecorded', values: { word: 'approved' } });
    expect(result.message).not.toMatch(/not sent|nothing was charged/i);
    // The gateway did charge: exactly once.
    const orders = await ordersByTradeNo(fx.paydesk.sandbox, result.merchantTradeNo);
    expect(orders.map((order) => order.status)).toEqual(['COMPLETED']);
    // The real error is in the log, not a rollback's.
    const logged = readFileSync(fault.logFile, 'utf8')
      .split('\n')
      .find((line) => line.includes('the gateway answered but history could not record it'));
    expect(logged).toMatch(/"err":"Error: database or disk is full"/);

    fault.free(fx);
    // History still has the pay-in as pending: the duplicate guard counts it.
    expect(fx.paydesk.history.getById(result.historyId)).toMatchObject({ status: 'pending' });
    const again = await fx.call('payin.submit', { version: 'v2', fields });
    expect(again).toMatchObject({ ok: false, error: { kind: 'duplicate_suspected' } });
    // Once history can be written, asking again settles it from the gateway's word, charging nobody twice.
    const asked = await fx.data('payin.askAgain', { historyId: result.historyId });
    expect(asked.status).toBe('approved');
    expect(await ordersByTradeNo(fx.paydesk.sandbox, result.merchantTradeNo)).toHaveLength(1);
  });

  it('before anything left: a clear "not sent", and the gateway never sees the pay-in', async () => {
    fault.fill(fx);
    let refused: IpcResult<PayInResult>;
    const fields = v2Fields({ amount: '32.00' });
    try {
      refused = (await fx.call('payin.submit', { version: 'v2', fields })) as IpcResult<PayInResult>;
    } finally {
      fault.free(fx);
    }
    expect(refused).toMatchObject({ ok: false, error: { kind: 'storage' } });
    if (!refused.ok)
      expect(refused.error.message).toMatch(/History could not record this pay-in .*did not send it/);
    const orders = await allOrders(fx.paydesk.sandbox, 100001);
    expect(orders.filter((order) => order.userId === fields.userId)).toEqual([]);
  });
});

describe('a restart after an answer history could not write', () => {
  it('finds the pending pay-in as outcome unknown, and asking again settles it from the gateway', async () => {
    const fault = injectedFault();
    let fillAfterAnswer = true;
    let fx: Fixture | undefined;
    const transport: PayInTransport = {
      async send(...args) {
        const answer = await gatewayTransport.send(...args);
        if (fillAfterAnswer && fx) fault.fill(fx);
        return answer;
      },
    };
    const settingsStore = memoryStore();
    // The keychain outlives the restart: the audit key with it, so the row can be proved and retried.
    const vault = createMemoryVault();
    try {
      fx = await startFixture({
        dataDir: fault.dataDir,
        logFile: fault.logFile,
        transport,
        settingsStore,
        vault,
      });
      await selectSandboxWithoutCallbacks(fx);
      const fields = v2Fields({ amount: '33.00' });
      const lost = await fx.data('payin.submit', { version: 'v2', fields });
      expect(lost.status).toBe('outcome_unknown');
      fault.free(fx);
      fillAfterAnswer = false;
      await fx.close();
      fx = await startFixture({ dataDir: fault.dataDir, logFile: fault.logFile, settingsStore, vault });
      // The embedded sandbox listens on a new port after the restart; a real gateway keeps its address.
      await selectSandboxWithoutCallbacks(fx);
      expect(fx.paydesk.history.getById(lost.historyId)).toMatchObject({ status: 'outcome_unknown' });
      // The card is typed again (Paydesk kept it in memory only); the request is the same, so the gateway
      // (whose orders outlive the restart) answers with the one order it holds.
      const card = { cardNumber: fields.cardNumber!, cvv: fields.cvv!, expDate: fields.expDate! };
      const asked = await fx.data('payin.askAgain', { historyId: lost.historyId, card });
      expect(asked.status).toBe('approved');
      expect(await ordersByTradeNo(fx.paydesk.sandbox, lost.merchantTradeNo)).toHaveLength(1);
    } finally {
      await fx?.close();
      fault.cleanUp();
    }
  });
});

describe("an unsigned browser return, then the gateway's signed decline", () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await startFixture();
  });
  afterAll(() => fx?.close());

  it('the card whose 3-D Secure always fails is never shown approved', async () => {
    const started = await fx.data('payin.submit', {
      version: 'v2',
      fields: v2Fields({ cardNumber: '4000000000003220' }),
    });
    expect(started.status).toBe('action_required');
    const { successURL } = JSON.parse(
      (fx.paydesk.history.getById(started.historyId) as { request: string }).request,
    ) as Record<string, string>;
    const page = await fetch(started.bankPage!.url);
    const acsLink = await submitFirstForm(await page.text(), started.bankPage!.url);
    // While the customer is on the bank's page, any local process can send this.
    await fetch(`${successURL}?status=COMPLETED&orderId=forged`);
    expect(fx.paydesk.history.getById(started.historyId)).toMatchObject({ status: 'awaiting_confirmation' });

    // The customer fails the challenge; the gateway's signed callback says DECLINED.
    await submitFirstForm(await acsLink.text(), acsLink.url || fx.paydesk.sandbox.url, { code: '0000' });
    const row = await fx.waitForStatus(started.historyId, 'declined');
    expect(row.remark).toMatch(/3-D Secure/);
    const told = fx.payInChanges().filter((payload) => payload.historyId === started.historyId);
    expect(told.map((payload) => payload.status)).not.toContain('approved');
    const trail = fx.paydesk.history.auditTrail(started.historyId).map((entry) => entry.event);
    expect(trail).toEqual(expect.arrayContaining(['payin.browser_return', 'payin.callback']));
  });
});

describe('a KYC chunk counted short', () => {
  it('marks no record accepted, says why, and the same file offers every record again', async () => {
    const gw = await startInterfaceGateway({ merchantId: 555002, secret: 'kyc-drill-secret' });
    const fx = await startFixture();
    try {
      await activateTestGateway(fx, {
        id: 'other-kyc',
        name: 'Other vendor KYC',
        url: gw.url,
        merchantId: 555002,
        secret: 'kyc-drill-secret',
      });
      const records = Array.from({ length: 10 }, (_, i) => ({ ...kycRecord(i), userId: `short-${i}` }));
      const bytes = Buffer.from(kycCsv(records)).toString('base64');
      const open = () => fx.data('kyc.open', { fileName: 'short.csv', bytes });

      gw.scriptKyc(kyc.countShort({ by: 2 }), { times: 1 });
      const first = await open();
      const sent = await fx.data('kyc.submit', { batchId: first.batchId });
      expect(sent.chunks).toMatchObject([{ state: 'outcome_unknown', count: 8, code: 0 }]);
      expect(sent.chunks[0]!.msg).toMatch(/counted 8 of the 10 records sent/);
      expect(sent).toMatchObject({ acceptedRecords: 0, unknownRecords: 10 });
      const batches = fx.paydesk.history.findKycBatchesBySha256(first.sha256);
      expect(batches.map((batch) => [batch.status, batch.acceptedUserIds])).toEqual([
        ['outcome_unknown', []],
      ]);
      // Paydesk's sentence goes with its words to the page and into History (issue 33).
      const words = { key: 'kyc.chunk.unknown.counted', values: { count: 8, sent: 10 } };
      expect(sent.chunks[0]!.words).toEqual(words);
      expect(batches[0]!.chunks[0]!.words).toEqual(words);

      // The same file again: nothing counts as accepted, so all ten go, and this time all are counted.
      const again = await open();
      expect(again.counts).toMatchObject({ accepted: 0, valid: 10 });
      const resent = await fx.data('kyc.submit', { batchId: again.batchId });
      expect(resent).toMatchObject({ acceptedRecords: 10 });
      expect(gw.kycRecords.size).toBe(10);
    } finally {
      await fx.close();
      await gw.close();
    }
  });
});
