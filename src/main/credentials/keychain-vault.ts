// The OS keychain through @napi-rs/keyring: Keychain on macOS, Credential Manager on Windows, Secret
// Service (GNOME Keyring, KWallet) on Linux. One entry per profile, account `merchant-secret:<profileId>`,
// one for the operator passphrase hash, and per history file the audit key and anchor
// (`audit-key:<desk>`, `audit-anchor:<desk>`, each well under Windows' 2,560-byte credential limit), and
// in team mode the team database's password and the team key (`team-password`, `team-key`).
// The async API keeps a keyring unlock prompt from freezing the main process.
import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
import { accountVault } from './account-vault';
import { type CredentialVault, VaultError } from './vault';

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
  return accountVault('keychain', {
    async read(account) {
      const value = await keychain('read a secret', () => entry(account).getPassword());
      return value ?? undefined;
    },
    write(account, value, what) {
      return keychain(`store ${what}`, () => entry(account).setPassword(value));
    },
    remove(account, what) {
      return keychain(`delete ${what}`, () => entry(account).deleteCredential());
    },
  });
}
