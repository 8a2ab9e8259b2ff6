// The vault of the `--ephemeral` browser harness, of tests, and of the app when no OS keychain can be
// used: same behaviour as the keychain vault, nothing written anywhere, everything gone when the process
// ends — the audit key included, so entries sealed in one session cannot be proved in the next.
import { hashPassphrase, verifyPassphrase } from './passphrase-hash';
import {
  type CredentialVault,
  checkAuditAccount,
  checkSecret,
  operatorsKeyAccount,
  PASSPHRASE_ACCOUNT,
  secretAccount,
  teamAccount,
} from './vault';

export function createMemoryVault(): CredentialVault {
  const entries = new Map<string, string>();
  return {
    kind: 'memory',
    async setSecret(profileId, secret) {
      checkSecret(secret);
      entries.set(secretAccount(profileId), secret);
    },
    async getSecret(profileId) {
      return entries.get(secretAccount(profileId));
    },
    async hasSecret(profileId) {
      return entries.has(secretAccount(profileId));
    },
    async deleteSecret(profileId) {
      return entries.delete(secretAccount(profileId));
    },
    async setOperatorPassphrase(passphrase) {
      entries.set(PASSPHRASE_ACCOUNT, await hashPassphrase(passphrase));
    },
    async hasOperatorPassphrase() {
      return entries.has(PASSPHRASE_ACCOUNT);
    },
    async verifyOperatorPassphrase(passphrase) {
      const stored = entries.get(PASSPHRASE_ACCOUNT);
      return stored !== undefined && verifyPassphrase(passphrase, stored);
    },
    async deleteOperatorPassphrase() {
      return entries.delete(PASSPHRASE_ACCOUNT);
    },
    async getOperatorsKey(deskId) {
      return entries.get(operatorsKeyAccount(deskId));
    },
    async setOperatorsKey(deskId, value) {
      checkSecret(value);
      entries.set(operatorsKeyAccount(deskId), value);
    },
    async getAuditItem(account) {
      checkAuditAccount(account);
      return entries.get(account);
    },
    async setAuditItem(account, value) {
      checkAuditAccount(account);
      entries.set(account, value);
    },
    async getTeamItem(item) {
      return entries.get(teamAccount(item));
    },
    async setTeamItem(item, value) {
      checkSecret(value);
      entries.set(teamAccount(item), value);
    },
    async deleteTeamItem(item) {
      return entries.delete(teamAccount(item));
    },
  };
}
