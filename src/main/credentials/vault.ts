// Where merchant secrets, the operator passphrase hash and the audit trail's key and anchor live. Secrets
// are read in main only, when a request is signed; the renderer can ask whether a profile has one
// (hasSecret), never for the value. The audit items (history/audit/audit-trust.ts) never leave main either.
export interface CredentialVault {
  /** Which store this is, for the settings page ("System keychain" / "Memory only"). */
  readonly kind: 'keychain' | 'memory';
  setSecret(profileId: string, secret: string): Promise<void>;
  /** Main-only: the secret to sign with, or undefined when none is stored. */
  getSecret(profileId: string): Promise<string | undefined>;
  hasSecret(profileId: string): Promise<boolean>;
  /** True when a secret was there to delete. */
  deleteSecret(profileId: string): Promise<boolean>;
  /** Stores a slow salted hash of the passphrase, never the passphrase. */
  setOperatorPassphrase(passphrase: string): Promise<void>;
  hasOperatorPassphrase(): Promise<boolean>;
  verifyOperatorPassphrase(passphrase: string): Promise<boolean>;
  deleteOperatorPassphrase(): Promise<boolean>;
  /**
   * The key the operator accounts file is sealed and its authenticator secrets encrypted with
   * (operators/account-store.ts); undefined before the first account. Main-only.
   */
  getOperatorsKey(deskId: string): Promise<string | undefined>;
  setOperatorsKey(deskId: string, value: string): Promise<void>;
  /** The audit trail's key record or anchor of one history file (auditAccount); undefined when none. */
  getAuditItem(account: string): Promise<string | undefined>;
  setAuditItem(account: string, value: string): Promise<void>;
  /** Team mode's database password or team key (teamAccount); undefined when none. Main-only. */
  getTeamItem(item: TeamItem): Promise<string | undefined>;
  setTeamItem(item: TeamItem, value: string): Promise<void>;
  /** True when there was one to delete. */
  deleteTeamItem(item: TeamItem): Promise<boolean>;
}

/**
 * The team database's password, the team key the card fingerprints are keyed with, and the desk's Ed25519
 * key its replicated audit trail is signed with (team/desk-signing.ts).
 */
export type TeamItem = 'password' | 'key' | 'signing-key';

/** `team-password`, `team-key` or `team-signing-key`: one of each per OS user (one team connection per desk). */
export function teamAccount(item: TeamItem): string {
  if (item !== 'password' && item !== 'key' && item !== 'signing-key') {
    throw new VaultError('A team item is its password, key or signing key.');
  }
  return `team-${item}`;
}

export class VaultError extends Error {
  override name = 'VaultError';
}

export const PASSPHRASE_ACCOUNT = 'operator-passphrase';
/** `operator-accounts-key:<desk>`: one per data folder (its accounts file's path, hashed). */
export function operatorsKeyAccount(deskId: string): string {
  if (!/^[0-9a-f]{16,64}$/.test(deskId)) throw new VaultError('An operators desk id is a hex digest.');
  return `operator-accounts-key:${deskId}`;
}

export function secretAccount(profileId: string): string {
  if (profileId.trim() === '' || profileId.length > 200) {
    throw new VaultError('A profile id is needed to store its secret.');
  }
  return `merchant-secret:${profileId}`;
}

export function checkSecret(secret: string): void {
  if (secret === '') throw new VaultError('The merchant secret is empty.');
}

/** `audit-key:<desk>` or `audit-anchor:<desk>`: one of each per history file (audit-trust.ts). */
export function auditAccount(item: 'key' | 'anchor', deskId: string): string {
  if (!/^[0-9a-f]{16,64}$/.test(deskId)) throw new VaultError('An audit desk id is a hex digest.');
  return `audit-${item}:${deskId}`;
}

export function checkAuditAccount(account: string): void {
  if (!/^audit-(key|anchor):[0-9a-f]{16,64}$/.test(account)) {
    throw new VaultError(`Not an audit account: ${account.slice(0, 40)}`);
  }
}
