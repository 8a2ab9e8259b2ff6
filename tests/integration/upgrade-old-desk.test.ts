// A desk upgraded from the version before personal accounts (issue 31, item 6), on a data folder that
// version made itself (tests/fixtures/pre-operators-desk, made by scripts/make-pre-operators-desk.ts from
// commit 1373107): its history and audit chain kept and continued, its operator name offered as the first
// supervisor's, its desk passphrase retired rather than converted.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryRow } from '@shared/history';
import { afterEach, describe, expect, it } from 'vitest';
import { accountVault } from '../../src/main/credentials/account-vault';
import { auditAccount } from '../../src/main/credentials/vault';
import { deskIdOf } from '../../src/main/history/audit/audit-trust';
import { auditEvents } from '../support/app/audit-events';
import { type Fixture, memoryStore, startFixture, v2Fields } from '../support/app/paydesk-fixture';
import { SAMPLE_CUSTOMER } from '../support/app/sample-customer';
import { enrolFirstSupervisor, nextCode, signIn } from '../support/app/sign-in';
import { filesUnder, maskedSightings, scanForSecrets } from '../support/drills/secrets-scan';

const FIXTURE = join(import.meta.dirname, '../fixtures/pre-operators-desk');
/** What the old desk was set up with (the fixture's README). */
const OLD_NAME = 'Jane Doe';
const OLD_PASSPHRASE = 'old desk passphrase';
const JANE = {
  id: 'jane.doe',
  displayName: OLD_NAME,
  passphrase: 'jane new passphrase 12',
  role: 'supervisor',
} as const;

const fixtures: Fixture[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const fx of fixtures.splice(0)) await fx.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * The old data folder copied where a test may change it, its settings.json as the settings store, and a
 * memory vault holding what the old desk kept in the keychain: the passphrase hash as it was, and the audit
 * key and anchor filed under the copy's history file (the keychain names them by its path).
 */
function oldDesk() {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-upgrade-'));
  folders.push(dataDir);
  cpSync(join(FIXTURE, 'desk'), dataDir, { recursive: true });
  const settingsStore = memoryStore();
  const settings = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  for (const [key, value] of Object.entries(settings)) settingsStore.set(key, value);
  const kept = JSON.parse(readFileSync(join(FIXTURE, 'vault.json'), 'utf8')) as Record<string, string>;
  const desk = deskIdOf(join(dataDir, 'history.sqlite'));
  const entries = new Map<string, string>(
    Object.entries(kept).map(([account, value]) => {
      const item = /^audit-(key|anchor)$/.exec(account)?.[1] as 'key' | 'anchor' | undefined;
      return [item ? auditAccount(item, desk) : account, value];
    }),
  );
  const vault = accountVault('memory', {
    read: async (account) => entries.get(account),
    write: async (account, value) => void entries.set(account, value),
    remove: async (account) => entries.delete(account),
  });
  return { dataDir, settingsStore, vault, entries };
}

async function start(desk: ReturnType<typeof oldDesk>): Promise<Fixture> {
  const { dataDir, settingsStore, vault } = desk;
  const fx = await startFixture({ dataDir, settingsStore, vault, signIn: false });
  fixtures.push(fx);
  return fx;
}

const byTradeNo = (rows: HistoryRow[], tradeNo: string) =>
  rows.find((row) => row.kind === 'payin' && row.merchantTradeNo === tradeNo);

describe('a desk upgraded from the version before personal accounts', () => {
  it('starts from a committed folder that holds masked card numbers only', () => {
    const scan = scanForSecrets(
      filesUnder(FIXTURE),
      {
        cardNumbers: [SAMPLE_CUSTOMER.cardNumber, '4000000000009995'],
        cvvs: [SAMPLE_CUSTOMER.cvv],
        merchantSecrets: [],
      },
      FIXTURE,
    );
    expect(scan.findings).toEqual([]);
    expect(maskedSightings(scan, /history\.sqlite$/)).toBeGreaterThan(0);
  });

  it('asks for its first supervisor under the old operator name and signs nobody in with the old passphrase', async () => {
    const desk = oldDesk();
    expect(desk.entries.has('operator-passphrase')).toBe(true);
    const fx = await start(desk);
    expect(await fx.data('session.status')).toEqual({ kind: 'first-start', suggestedDisplayName: OLD_NAME });
    // The old desk's only way in: gone from the contract, and no account answers to the old passphrase.
    expect(await fx.call('lock.unlock', { passphrase: OLD_PASSPHRASE })).toMatchObject({ ok: false });
    for (const operatorId of [JANE.id, 'jane', 'operator']) {
      const refused = await fx.call('session.signIn', {
        operatorId,
        passphrase: OLD_PASSPHRASE,
        code: '000000',
      });
      expect(refused).toMatchObject({ ok: false });
    }
    // Nothing on the old desk's records is read before a supervisor exists.
    expect(await fx.call('history.query', { limit: 10 })).toMatchObject({ ok: false });
  });

  it('keeps every old row under the name it had, and the audit chain continues, proved end to end', async () => {
    const desk = oldDesk();
    const fx = await start(desk);
    const jane = await enrolFirstSupervisor(fx.call, { ...JANE });
    // Retired, not converted: the old hash and lock record are gone, and the old passphrase is no way in.
    expect(desk.entries.has('operator-passphrase')).toBe(false);
    expect(existsSync(join(desk.dataDir, 'operator-lock.json'))).toBe(false);
    await fx.data('session.signOut');
    const withOld = await fx.call('session.signIn', {
      operatorId: JANE.id,
      passphrase: OLD_PASSPHRASE,
      code: await nextCode(jane.secret!),
    });
    expect(withOld).toMatchObject({ ok: false });
    await signIn(fx.call, jane);

    const { rows } = await fx.data('history.query', { limit: 50 });
    expect(rows).toHaveLength(3);
    expect(byTradeNo(rows, 'OLD-APPROVED-1')).toMatchObject({
      status: 'approved',
      amount: '12.34',
      currency: 'EUR',
      maskedPan: '424242******4242',
      operator: OLD_NAME,
    });
    expect(byTradeNo(rows, 'OLD-DECLINED-1')).toMatchObject({
      status: 'declined',
      amount: '56.78',
      currency: 'EUR',
      maskedPan: '400000******9995',
      operator: OLD_NAME,
    });
    expect(rows.find((row) => row.kind === 'kyc_batch')).toMatchObject({
      status: 'completed',
      fileName: 'old-batch.csv',
      operator: OLD_NAME,
    });
    // The old rows are found under the name they were made under.
    expect((await fx.data('history.query', { limit: 50, operator: OLD_NAME })).rows).toHaveLength(3);

    const approved = byTradeNo(rows, 'OLD-APPROVED-1')!;
    const receipt = await fx.data('payin.receipt', {
      historyId: approved.id,
      timeZone: 'Europe/London',
      language: 'en',
    });
    expect(receipt.receipt).toMatchObject({ operator: OLD_NAME, amount: '12.34', status: 'approved' });

    // A new pay-in after the upgrade is made under the account's id, on the same chain.
    const paid = await fx.data('payin.submit', { version: 'v2', fields: v2Fields({ amount: '7.00' }) });
    expect((await fx.data('history.get', { id: paid.historyId })).row.operator).toBe(JANE.id);

    const verification = await fx.data('history.verify');
    expect(verification).toMatchObject({ ok: true, legacy: null, unproved: null, problemCount: 0 });
    expect(verification.verifiedUpTo?.seq).toBe(verification.entries);
    const events = auditEvents(fx);
    // The old version's ten entries first, as it wrote them, then today's: continued, not restarted.
    expect(events.slice(0, 10).map((entry) => `${entry.operator} ${entry.event}`)).toEqual([
      `${OLD_NAME} lock.passphrase_set`,
      `${OLD_NAME} payin.created`,
      `${OLD_NAME} payin.answer`,
      `${OLD_NAME} payin.created`,
      'system payin.callback',
      `${OLD_NAME} payin.answer`,
      'system payin.callback',
      `${OLD_NAME} kyc_batch.created`,
      `${OLD_NAME} kyc_batch.updated`,
      `${OLD_NAME} kyc_batch.updated`,
    ]);
    expect(events.slice(10).map((entry) => `${entry.operator} ${entry.event}`)).toEqual(
      expect.arrayContaining([
        `${JANE.id} operator.first_supervisor_created`,
        `${JANE.id} session.legacy_passphrase_retired`,
        `${JANE.id} payin.created`,
      ]),
    );
    expect(verification.entries).toBeGreaterThan(10);

    // And after a restart on the same keychain, the whole chain still proves.
    await fx.close();
    fixtures.splice(fixtures.indexOf(fx), 1);
    const again = await start(desk);
    await signIn(again.call, jane);
    expect(await again.data('history.verify')).toMatchObject({ ok: true, unproved: null, problemCount: 0 });
    expect((await again.data('history.query', { limit: 50 })).rows).toHaveLength(4);
  });
});
