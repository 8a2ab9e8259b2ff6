// The vault of the `--ephemeral` browser harness, of tests, and of the app when no OS keychain can be
// used: same behaviour as the keychain vault (account-vault.ts), nothing written anywhere, everything gone
// when the process ends — the audit key included, so entries sealed in one session cannot be proved in the next.
import { accountVault } from './account-vault';
import type { CredentialVault } from './vault';

export function createMemoryVault(): CredentialVault {
  const entries = new Map<string, string>();
  return accountVault('memory', {
    async read(account) {
      return entries.get(account);
    },
    async write(account, value) {
      entries.set(account, value);
    },
    async remove(account) {
      return entries.delete(account);
    },
  });
}
