// Makes tests/fixtures/pre-operators-desk/desk: a data folder written by Paydesk as it was before personal
// operator accounts (issue 31), for tests/integration/upgrade-old-desk.test.ts. It runs THAT version's code,
// not today's: commit 1373107 is the last one without src/main/operators (160d8b7, its child, added them).
//
// To make the fixture again (from this worktree's root):
//   rm -rf /tmp/old-paydesk && mkdir /tmp/old-paydesk
//   git archive 1373107 | tar -x -C /tmp/old-paydesk
//   ln -s "$PWD/node_modules" /tmp/old-paydesk/node_modules
//   (cd /tmp/old-paydesk && npx tsx "$OLDPWD/scripts/make-pre-operators-desk.ts" /tmp/old-paydesk "$OLDPWD/tests/fixtures/pre-operators-desk")
//   npx biome check --write tests/fixtures/pre-operators-desk    # the JSON files as the repository formats them
// tsx must run with the old tree as its working folder: its tsconfig gives the old code its `@shared` paths.
//
// What the old desk does, through its own IPC dispatcher and embedded sandbox: the operator name "Jane Doe"
// and the single desk passphrase set in Settings, an approved and a declined pay-in (and a receipt of the
// approved one), a KYC batch of three records sent; then it closes. The old version kept its passphrase hash
// and audit key in the keychain: here in a memory vault whose entries go to vault.json (fake, test-only).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const OLD_OPERATOR_NAME = 'Jane Doe';
const OLD_PASSPHRASE = 'old desk passphrase';

/** What this script uses of the old tree, typed here: today's types do not describe it. */
interface OldResult {
  ok: boolean;
  data?: Record<string, unknown>;
  error?: { kind: string; message: string };
}
interface OldFixture {
  call(channel: string, input?: unknown): Promise<OldResult>;
  close(): Promise<void>;
}
type Vault = Record<string, unknown>;

async function load<T>(oldTree: string, path: string): Promise<T> {
  return (await import(pathToFileURL(join(oldTree, path)).href)) as T;
}

/** The old memory vault's behaviour over a map this script can dump (the old one keeps its map private). */
async function dumpableVault(oldTree: string) {
  const hashing = await load<{
    hashPassphrase(passphrase: string): Promise<string>;
    verifyPassphrase(passphrase: string, stored: string): Promise<boolean>;
  }>(oldTree, 'src/main/credentials/passphrase-hash.ts');
  const entries = new Map<string, string>();
  const PASSPHRASE = 'operator-passphrase';
  const vault: Vault = {
    kind: 'memory',
    setSecret: async (profileId: string, secret: string) =>
      void entries.set(`merchant-secret:${profileId}`, secret),
    getSecret: async (profileId: string) => entries.get(`merchant-secret:${profileId}`),
    hasSecret: async (profileId: string) => entries.has(`merchant-secret:${profileId}`),
    deleteSecret: async (profileId: string) => entries.delete(`merchant-secret:${profileId}`),
    setOperatorPassphrase: async (passphrase: string) =>
      void entries.set(PASSPHRASE, await hashing.hashPassphrase(passphrase)),
    hasOperatorPassphrase: async () => entries.has(PASSPHRASE),
    verifyOperatorPassphrase: async (passphrase: string) => {
      const stored = entries.get(PASSPHRASE);
      return stored !== undefined && hashing.verifyPassphrase(passphrase, stored);
    },
    deleteOperatorPassphrase: async () => entries.delete(PASSPHRASE),
    getAuditItem: async (account: string) => entries.get(account),
    setAuditItem: async (account: string, value: string) => void entries.set(account, value),
    getTeamItem: async (item: string) => entries.get(`team-${item}`),
    setTeamItem: async (item: string, value: string) => void entries.set(`team-${item}`, value),
    deleteTeamItem: async (item: string) => entries.delete(`team-${item}`),
  };
  return { vault, entries };
}

async function data(fx: OldFixture, channel: string, input?: unknown): Promise<Record<string, unknown>> {
  const result = await fx.call(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error?.kind}: ${result.error?.message}`);
  return result.data ?? {};
}

async function main(oldTree: string, fixtureRoot: string) {
  const fixtureModule = await load<{
    startFixture(options: Record<string, unknown>): Promise<OldFixture>;
    memoryStore(): { dump(): string };
    v2Fields(overrides?: Record<string, string>): Record<string, string>;
  }>(oldTree, 'tests/support/app/paydesk-fixture.ts');
  const kyc = await load<{
    kycCsv(records: unknown[]): string;
    kycRecord(i: number): unknown;
  }>(oldTree, 'tests/support/kyc/generate.ts');
  const { deskIdOf } = await load<{ deskIdOf(historyFile: string): string }>(
    oldTree,
    'src/main/history/audit-trust.ts',
  );

  const dataDir = mkdtempSync(join(tmpdir(), 'pre-operators-desk-'));
  const { vault, entries } = await dumpableVault(oldTree);
  const settingsStore = fixtureModule.memoryStore();
  const fx = await fixtureModule.startFixture({ dataDir, vault, settingsStore });

  await data(fx, 'settings.update', { operatorName: OLD_OPERATOR_NAME });
  await data(fx, 'lock.setPassphrase', { passphrase: OLD_PASSPHRASE });
  const approved = await data(fx, 'payin.submit', {
    version: 'v2',
    fields: fixtureModule.v2Fields({
      userId: 'cust-old-1',
      amount: '12.34',
      merchantTradeNo: 'OLD-APPROVED-1',
    }),
  });
  const declined = await data(fx, 'payin.submit', {
    version: 'v2',
    fields: fixtureModule.v2Fields({
      userId: 'cust-old-2',
      amount: '56.78',
      cardNumber: '4000000000009995',
      merchantTradeNo: 'OLD-DECLINED-1',
    }),
  });
  if (approved.status !== 'approved' || declined.status !== 'declined') {
    throw new Error(`the old sandbox answered ${approved.status} and ${declined.status}`);
  }
  await data(fx, 'payin.receipt', { historyId: approved.historyId, timeZone: 'Europe/London' });
  const csv = kyc.kycCsv([0, 1, 2].map((i) => kyc.kycRecord(i)));
  const batch = await data(fx, 'kyc.open', {
    fileName: 'old-batch.csv',
    bytes: Buffer.from(csv).toString('base64'),
  });
  await data(fx, 'kyc.submit', { batchId: batch.batchId });
  await fx.close();

  // The keychain names the audit items by the history file's absolute path, hashed: stored here without it,
  // for the test to file them under the folder it copies the desk to.
  const desk = deskIdOf(join(dataDir, 'history.sqlite'));
  const dump: Record<string, string> = {};
  for (const [account, value] of entries) dump[account.replace(`:${desk}`, '')] = value;

  const target = join(fixtureRoot, 'desk');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  // Left out: the log (this run's temp paths; nothing at start reads it), the hourly backup (a second copy
  // of history.sqlite, read only to salvage a damaged file) and the return listener's last port.
  const leftOut = new Set(['logs', 'backups', 'return-listener.port']);
  for (const name of readdirSync(dataDir).filter((entry) => !leftOut.has(entry))) {
    cpSync(join(dataDir, name), join(target, name), { recursive: true });
  }
  // Where the old Electron app kept its settings: electron-store's settings.json in the data folder.
  writeFileSync(
    join(target, 'settings.json'),
    `${JSON.stringify(JSON.parse(settingsStore.dump()), null, 2)}\n`,
  );
  writeFileSync(join(fixtureRoot, 'vault.json'), `${JSON.stringify(dump, null, 2)}\n`);
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `wrote ${target} (${readdirSync(target).join(', ')}) and vault.json (${Object.keys(dump).join(', ')})`,
  );
}

const [oldTree, fixtureRoot] = process.argv.slice(2);
if (!oldTree || !fixtureRoot) {
  console.error('usage: make-pre-operators-desk.ts <old tree> <fixture folder> (see the header)');
  process.exit(2);
}
await main(resolve(oldTree), resolve(fixtureRoot));
