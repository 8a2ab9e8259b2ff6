// The OS keychain through @napi-rs/keyring: Keychain on macOS, Credential Manager on Windows, Secret
// Service (GNOME Keyring, KWallet) on Linux. One entry per profile, account `merchant-secret:<profileId>`,
// one for the operator passphrase hash, and per history file the audit key and anchor
// (`audit-key:<desk>`, `audit-anchor:<desk>`, each well under Windows' 2,560-byte credential limit), and
// in team mode the team database's password and the team key (`team-password`, `team-key`).
// The async API keeps a keyring unlock prompt from freezing the main process.
import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
import { hashPassphrase, verifyPassphrase } from './passphrase-hash';
import {
  type CredentialVault,
  checkAuditAccount,
  checkSecret,
  operatorsKeyAccount,
  PASSPHRASE_ACCOUNT,
  secretAccount,
  teamAccount,
  VaultError,
} from './vault';

/**
 * On Linux the entry is pinned to the Secret Service. Left to itself the library falls back to the
 * kernel keyring, which forgets everything at logout: a merchant secret that silently disappears is
 * worse than being told there is no keychain.
 */
export const KEYCHAIN_ENTRY_OPTIONS: EntryOptions = { linux: { store: 'secret-service' } };

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs a keychain call; turns a library error into a VaultError that names no secret. */
async function keychain<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new VaultError(`The system keychain could not ${action}: ${errorText(error)}`);
  }
}

export function createKeychainVault(serviceName: string): CredentialVault {
  if (serviceName.trim() === '') throw new VaultError('A keychain service name is needed.');
  const entry = (account: string) => new AsyncEntry(serviceName, account, KEYCHAIN_ENTRY_OPTIONS);

  async function read(account: string): Promise<string | undefined> {
    const value = await keychain('read a secret', () => entry(account).getPassword());
    return value ?? undefined;
  }

  return {
    kind: 'keychain',
    async setSecret(profileId, secret) {
      checkSecret(secret);
      const account = secretAccount(profileId);
      await keychain('store the secret', () => entry(account).setPassword(secret));
    },
    getSecret(profileId) {
      return read(secretAccount(profileId));
    },
    async hasSecret(profileId) {
      return (await read(secretAccount(profileId))) !== undefined;
    },
    deleteSecret(profileId) {
      const account = secretAccount(profileId);
      return keychain('delete the secret', () => entry(account).deleteCredential());
    },
    async setOperatorPassphrase(passphrase) {
      const hash = await hashPassphrase(passphrase);
      await keychain('store the passphrase', () => entry(PASSPHRASE_ACCOUNT).setPassword(hash));
    },
    async hasOperatorPassphrase() {
      return (await read(PASSPHRASE_ACCOUNT)) !== undefined;
    },
    async verifyOperatorPassphrase(passphrase) {
      const stored = await read(PASSPHRASE_ACCOUNT);
      return stored !== undefined && verifyPassphrase(passphrase, stored);
    },
    deleteOperatorPassphrase() {
      return keychain('delete the passphrase', () => entry(PASSPHRASE_ACCOUNT).deleteCredential());
    },
    getOperatorsKey(deskId) {
      return read(operatorsKeyAccount(deskId));
    },
    async setOperatorsKey(deskId, value) {
      checkSecret(value);
      const account = operatorsKeyAccount(deskId);
      await keychain('store the operator accounts key', () => entry(account).setPassword(value));
    },
    async getAuditItem(account) {
      checkAuditAccount(account);
      return read(account);
    },
    async setAuditItem(account, value) {
      checkAuditAccount(account);
      await keychain('store the audit trail key or anchor', () => entry(account).setPassword(value));
    },
    getTeamItem(item) {
      return read(teamAccount(item));
    },
    async setTeamItem(item, value) {
      checkSecret(value);
      const account = teamAccount(item);
      await keychain(`store the team ${item}`, () => entry(account).setPassword(value));
    },
    deleteTeamItem(item) {
      const account = teamAccount(item);
      return keychain(`delete the team ${item}`, () => entry(account).deleteCredential());
    },
  };
}
