// Runs against a REAL Secret Service: `bash scripts/with-keyring.sh npx vitest run <this file>` starts a
// private D-Bus session with gnome-keyring. Each run uses its own service name so runs never collide.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AsyncEntry } from '@napi-rs/keyring';
import type { RefusalWords } from '@shared/ipc-error';
import { afterAll, describe, expect, it } from 'vitest';
import { createKeychainVault, KEYCHAIN_ENTRY_OPTIONS } from '../../src/main/credentials/keychain-vault';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import { probeKeychain } from '../../src/main/credentials/probe-keychain';
import type { CredentialVault } from '../../src/main/credentials/vault';
import { expectSaidInWords } from '../support/i18n/said-in-words';

/**
 * What a module script (run by tsx in a child process) prints as JSON, on a desktop without a keyring daemon:
 * its D-Bus session address leads nowhere.
 */
async function withoutKeychain(script: string, env: Record<string, string> = {}): Promise<unknown> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', ...env },
      timeout: 15_000,
    },
  );
  return JSON.parse(stdout.trim());
}

const SERVICE = `paydesk-test-${randomUUID()}`;
const PROFILES = ['sandbox', 'live-eu', 'live-us', 'p1', 'p2'];

afterAll(async () => {
  // Leave nothing behind in the test keyring.
  const vault = createKeychainVault(SERVICE);
  for (const profile of PROFILES) await vault.deleteSecret(profile);
  await vault.deleteOperatorPassphrase();
});

function rawEntry(account: string): Promise<string | null> {
  return new AsyncEntry(SERVICE, account, KEYCHAIN_ENTRY_OPTIONS).getPassword();
}

// The same contract for both vaults: the browser harness must behave like the app.
describe.each([
  ['keychain', () => createKeychainVault(SERVICE)],
  ['memory', () => createMemoryVault()],
] as [string, () => CredentialVault][])('%s vault', (_name, makeVault) => {
  it('stores, reads, reports and deletes a secret per profile', async () => {
    const vault = makeVault();
    expect(await vault.hasSecret('sandbox')).toBe(false);
    expect(await vault.getSecret('sandbox')).toBeUndefined();
    await vault.setSecret('sandbox', 's3cret-sandbox');
    await vault.setSecret('live-eu', 'sécret–live ✓');
    expect(await vault.getSecret('sandbox')).toBe('s3cret-sandbox');
    expect(await vault.getSecret('live-eu')).toBe('sécret–live ✓');
    expect(await vault.hasSecret('sandbox')).toBe(true);
    expect(await vault.hasSecret('live-us')).toBe(false);
    await vault.setSecret('sandbox', 'rotated');
    expect(await vault.getSecret('sandbox')).toBe('rotated');
    expect(await vault.deleteSecret('sandbox')).toBe(true);
    expect(await vault.deleteSecret('sandbox')).toBe(false);
    expect(await vault.hasSecret('sandbox')).toBe(false);
    expect(await vault.getSecret('live-eu')).toBe('sécret–live ✓');
    await vault.deleteSecret('live-eu');
  });

  it('refuses an empty secret or profile id', async () => {
    const vault = makeVault();
    await expect(vault.setSecret('p1', '')).rejects.toThrow(/empty/);
    await expect(vault.setSecret('', 'x')).rejects.toThrow(/profile id/);
    expect(await vault.hasSecret('p1')).toBe(false);
  });

  it('keeps the operator passphrase as a hash it can verify', async () => {
    const vault = makeVault();
    expect(await vault.hasOperatorPassphrase()).toBe(false);
    expect(await vault.verifyOperatorPassphrase('anything')).toBe(false);
    await vault.setOperatorPassphrase('correct horse battery staple');
    expect(await vault.hasOperatorPassphrase()).toBe(true);
    expect(await vault.verifyOperatorPassphrase('correct horse battery staple')).toBe(true);
    expect(await vault.verifyOperatorPassphrase('correct horse battery stapler')).toBe(false);
    expect(await vault.deleteOperatorPassphrase()).toBe(true);
    expect(await vault.hasOperatorPassphrase()).toBe(false);
  });
});

describe('keychain vault in the OS store', () => {
  it('writes to the Secret Service under account merchant-secret:<profileId>, visible to a new instance', async () => {
    await createKeychainVault(SERVICE).setSecret('p1', 'from-first-instance');
    expect(await rawEntry('merchant-secret:p1')).toBe('from-first-instance');
    expect(await createKeychainVault(SERVICE).getSecret('p1')).toBe('from-first-instance');
    // Another service name is another application: it does not see the entry.
    expect(await createKeychainVault(`${SERVICE}-other`).hasSecret('p1')).toBe(false);
    await createKeychainVault(SERVICE).deleteSecret('p1');
    expect(await rawEntry('merchant-secret:p1')).toBeNull();
  });

  it('stores a salted scrypt hash, never the passphrase itself', async () => {
    const vault = createKeychainVault(SERVICE);
    await vault.setOperatorPassphrase('open sesame');
    const first = await rawEntry('operator-passphrase');
    await vault.setOperatorPassphrase('open sesame');
    const second = await rawEntry('operator-passphrase');
    expect(first).toMatch(/^scrypt\$15\$8\$1\$/);
    expect(first).not.toContain('open sesame');
    expect(second).not.toBe(first);
    expect(await vault.verifyOperatorPassphrase('open sesame')).toBe(true);
    await vault.deleteOperatorPassphrase();
  });

  it('probeKeychain says the keychain is available, and leaves no probe entry', async () => {
    expect(await probeKeychain(SERVICE)).toEqual({ available: true });
  });

  it('probeKeychain says why when no keychain can be reached', async () => {
    // A child process whose D-Bus session address leads nowhere: a desktop without a keyring daemon.
    const script =
      "import { probeKeychain } from './src/main/credentials/probe-keychain.ts';" +
      'console.log(JSON.stringify(await probeKeychain()));';
    const probe = (await withoutKeychain(script)) as {
      available: boolean;
      reason?: string;
      words?: RefusalWords;
    };
    expect(probe.available).toBe(false);
    expect(probe.reason).toMatch(/No usable system keychain/);
    expect(probe.reason).toMatch(/--ephemeral/);
    // Paydesk's sentence from the catalogue, the OS's own error inside it as a value.
    expect(probe.words?.key).toBe('settings.keychain.unusableLinux');
    expectSaidInWords(probe.reason, probe.words);
  });

  it('a vault on an unreachable keychain fails with a VaultError that carries no secret', async () => {
    const script =
      "import { createKeychainVault } from './src/main/credentials/keychain-vault.ts';" +
      "try { await createKeychainVault('x').setSecret('p', 'TOP-SECRET-VALUE'); console.log('stored'); }" +
      'catch (error) { console.log(JSON.stringify({ name: error.name, message: error.message })); }';
    const failure = (await withoutKeychain(script)) as { name: string; message: string };
    expect(failure.name).toBe('VaultError');
    expect(failure.message).toMatch(/could not store the secret/);
    expect(failure.message).not.toContain('TOP-SECRET-VALUE');
  });
});

describe('the operator accounts on a keychain it cannot read', () => {
  /** Starts the session service in a child process (tsx), as the app would, and prints what it says. */
  const sessionScript = (steps: string) =>
    "import { execFileSync } from 'node:child_process';" +
    "import { createKeychainVault } from './src/main/credentials/keychain-vault.ts';" +
    "import { accountStoreIn } from './src/main/operators/account-store.ts';" +
    "import { createSessionService } from './src/main/operators/session-service.ts';" +
    'const start = () => createSessionService({ store: accountStoreIn(process.env.LOCK_DIR,' +
    ' createKeychainVault("paydesk-lock-test")), idleLockMinutes: () => 15, emit() {}, audit() {},' +
    ' legacyOperatorName: () => undefined, retireLegacyPassphrase: async () => false });' +
    'const attempt = (session) => session.signIn({ operatorId: "sam.super", passphrase: "correct horse battery",' +
    ' code: "123456" }).then((state) => state, (error) => ({ kind: error.kind, message: error.message }));' +
    steps;

  it('a keychain locked at start opens the desk for nobody, and says what to do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-lock-'));
    // A keyring session of its own (not this file's), since its login keyring gets locked.
    const script = sessionScript(
      'await (await start()).createFirstSupervisor({ id: "sam.super", displayName: "Sam",' +
        ' passphrase: "correct horse battery" });' +
        "execFileSync('gdbus', ['call', '--session', '--dest', 'org.freedesktop.secrets', '--object-path'," +
        " '/org/freedesktop/secrets', '--method', 'org.freedesktop.Secret.Service.Lock'," +
        ' "[objectpath \'/org/freedesktop/secrets/collection/login\']"]);' +
        'const locked = await start();' +
        'console.log(JSON.stringify({ state: await locked.status(), signIn: await attempt(locked) }));',
    );
    try {
      const { stdout } = await promisify(execFile)(
        'bash',
        ['scripts/with-keyring.sh', process.execPath, '--import', 'tsx', '--input-type=module', '-e', script],
        { env: { ...process.env, PAYDESK_IN_KEYRING_SESSION: '', LOCK_DIR: dir }, timeout: 30_000 },
      );
      const { state, signIn } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
      expect(state.kind).toBe('damaged');
      expect(state.message).toMatch(/keychain, which keeps the key of the operator accounts, cannot be read/);
      expect(state.message).toMatch(/Unlock the keychain/);
      expect(signIn).toEqual({ kind: 'locked', message: state.message });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no keychain at all: nobody signs in, not even a first supervisor is created', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-lock-'));
    const script = sessionScript(
      'const session = await start(); const state = await session.status();' +
        'const created = await session.createFirstSupervisor({ id: "mallory", displayName: "M",' +
        ' passphrase: "correct horse battery" }).then(() => "created", (error) => error.kind);' +
        'console.log(JSON.stringify({ ...state, created }));',
    );
    try {
      const state = (await withoutKeychain(script, { LOCK_DIR: dir })) as {
        kind: string;
        message?: string;
        created: string;
      };
      expect(state).toMatchObject({ kind: 'damaged', created: 'locked' });
      expect(state.message).toMatch(/cannot be read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
