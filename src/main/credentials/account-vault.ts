// What every vault does the same way over its own store of accounts: which account holds what, the checks
// on ids and values, and the operator passphrase kept as a slow hash. A store only reads, writes and
// removes one account's text.
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

/** One account's text in a store; `what` names the item in a store's error, never its value. */
interface AccountStore {
  read(account: string): Promise<string | undefined>;
  write(account: string, value: string, what: string): Promise<void>;
  /** True when there was one to remove. */
  remove(account: string, what: string): Promise<boolean>;
}

export function accountVault(kind: CredentialVault['kind'], store: AccountStore): CredentialVault {
  const has = async (account: string) => (await store.read(account)) !== undefined;
  return {
    kind,
    async setSecret(profileId, secret) {
      checkSecret(secret);
      await store.write(secretAccount(profileId), secret, 'the secret');
    },
    async getSecret(profileId) {
      return store.read(secretAccount(profileId));
    },
    async hasSecret(profileId) {
      return has(secretAccount(profileId));
    },
    async deleteSecret(profileId) {
      return store.remove(secretAccount(profileId), 'the secret');
    },
    async setOperatorPassphrase(passphrase) {
      await store.write(PASSPHRASE_ACCOUNT, await hashPassphrase(passphrase), 'the passphrase');
    },
    async hasOperatorPassphrase() {
      return has(PASSPHRASE_ACCOUNT);
    },
    async verifyOperatorPassphrase(passphrase) {
      const stored = await store.read(PASSPHRASE_ACCOUNT);
      return stored !== undefined && verifyPassphrase(passphrase, stored);
    },
    async deleteOperatorPassphrase() {
      return store.remove(PASSPHRASE_ACCOUNT, 'the passphrase');
    },
    async getOperatorsKey(deskId) {
      return store.read(operatorsKeyAccount(deskId));
    },
    async setOperatorsKey(deskId, value) {
      checkSecret(value);
      await store.write(operatorsKeyAccount(deskId), value, 'the operator accounts key');
    },
    async getAuditItem(account) {
      checkAuditAccount(account);
      return store.read(account);
    },
    async setAuditItem(account, value) {
      checkAuditAccount(account);
      await store.write(account, value, 'the audit trail key or anchor');
    },
    async getTeamItem(item) {
      return store.read(teamAccount(item));
    },
    async setTeamItem(item, value) {
      checkSecret(value);
      await store.write(teamAccount(item), value, `the team ${item}`);
    },
    async deleteTeamItem(item) {
      return store.remove(teamAccount(item), `the team ${item}`);
    },
  };
}
