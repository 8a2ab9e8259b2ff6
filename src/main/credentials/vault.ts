// Where merchant secrets and the operator passphrase hash live. Secrets are read in main only, when a
// request is signed; the renderer can ask whether a profile has one (hasSecret), never for the value.
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
}

export class VaultError extends Error {
  override name = 'VaultError';
}

export const PASSPHRASE_ACCOUNT = 'operator-passphrase';

export function secretAccount(profileId: string): string {
  if (profileId.trim() === '' || profileId.length > 200) {
    throw new VaultError('A profile id is needed to store its secret.');
  }
  return `merchant-secret:${profileId}`;
}

export function checkSecret(secret: string): void {
  if (secret === '') throw new VaultError('The merchant secret is empty.');
}
