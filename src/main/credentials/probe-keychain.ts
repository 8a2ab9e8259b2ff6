// Whether an OS keychain is usable right now, so that settings can say so plainly (as VS Code does)
// instead of failing when the operator saves a secret. Writes, reads back and deletes a throwaway entry.
import { randomUUID } from 'node:crypto';
import { AsyncEntry } from '@napi-rs/keyring';
import { KEYCHAIN_ENTRY_OPTIONS } from './keychain-vault';

type KeychainProbe = { available: true } | { available: false; reason: string };

const HINTS: Partial<Record<NodeJS.Platform, string>> = {
  linux:
    'Paydesk needs a Secret Service keyring (GNOME Keyring or KWallet) that is running and unlocked. ' +
    'Without one, merchant secrets cannot be saved; start Paydesk with --ephemeral to keep them in memory only.',
};

export async function probeKeychain(serviceName = 'paydesk-probe'): Promise<KeychainProbe> {
  const token = randomUUID();
  try {
    // The constructor itself throws when the pinned store cannot be reached.
    const entry = new AsyncEntry(serviceName, `probe:${randomUUID()}`, KEYCHAIN_ENTRY_OPTIONS);
    await entry.setPassword(token);
    const readBack = await entry.getPassword();
    await entry.deleteCredential();
    if (readBack !== token)
      return { available: false, reason: 'The keychain did not return what was stored.' };
    return { available: true };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const hint = HINTS[process.platform];
    return { available: false, reason: `No usable system keychain: ${detail}${hint ? `. ${hint}` : ''}` };
  }
}
