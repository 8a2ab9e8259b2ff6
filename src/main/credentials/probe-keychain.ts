// Whether an OS keychain is usable right now, so that settings can say so plainly (as VS Code does)
// instead of failing when the operator saves a secret. Writes, reads back and deletes a throwaway entry.
import { randomUUID } from 'node:crypto';
import { AsyncEntry } from '@napi-rs/keyring';
import type { RefusalWords } from '@shared/ipc-error';
import { type Worded, worded } from '../i18n/worded';
import { KEYCHAIN_ENTRY_OPTIONS } from './keychain-vault';

type KeychainProbe = { available: true } | { available: false; reason: string; words: RefusalWords };

/** Why there is no keychain, in English (`reason`, the log's) and as the catalogue's words. */
const unavailable = ({ message, words }: Worded): KeychainProbe => ({
  available: false,
  reason: message,
  words,
});

export async function probeKeychain(serviceName = 'paydesk-probe'): Promise<KeychainProbe> {
  const token = randomUUID();
  try {
    // The constructor itself throws when the pinned store cannot be reached.
    const entry = new AsyncEntry(serviceName, `probe:${randomUUID()}`, KEYCHAIN_ENTRY_OPTIONS);
    await entry.setPassword(token);
    const readBack = await entry.getPassword();
    await entry.deleteCredential();
    if (readBack !== token) return unavailable(worded('settings.keychain.mismatch'));
    return { available: true };
  } catch (error) {
    // The OS's own words stay as it said them; on Linux, what to run for a keychain.
    const detail = error instanceof Error ? error.message : String(error);
    const key =
      process.platform === 'linux' ? 'settings.keychain.unusableLinux' : 'settings.keychain.unusable';
    return unavailable(worded(key, { detail }));
  }
}
