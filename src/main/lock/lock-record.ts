// What the operator lock must know without the keychain, kept in the data folder (operator-lock.json):
// whether a passphrase is set, and the wrong passphrases and lockout that a restart must not forget. It
// holds nothing secret. An edit can only make Paydesk stricter: the lock service takes the keychain's word
// over a missing "set" (see lock-service.ts), and an unreadable record counts as "a passphrase is set".
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const LOCK_RECORD_FILE = 'operator-lock.json';

const lockRecordSchema = z.strictObject({
  /** A passphrase hash is in the vault: what the lock falls back on when the vault cannot be read. */
  passphraseSet: z.boolean(),
  /** Wrong passphrases in a row since the last right one or the last lockout. */
  wrongInARow: z.int().min(0).max(1_000),
  lockout: z.strictObject({ startedAt: z.iso.datetime(), endsAt: z.iso.datetime() }).optional(),
});
export type LockRecord = z.infer<typeof lockRecordSchema>;

export const NO_LOCK_RECORD: LockRecord = Object.freeze({ passphraseSet: false, wrongInARow: 0 });

/** `unreadable`: the file is there but is not a record; the caller must assume the strictest reading. */
export type LockRecordRead =
  | { kind: 'found'; record: LockRecord }
  | { kind: 'missing' }
  | { kind: 'unreadable' };

export interface LockRecordStore {
  read(): LockRecordRead;
  write(record: LockRecord): void;
}

export function lockRecordIn(dataDir: string): LockRecordStore {
  const file = join(dataDir, LOCK_RECORD_FILE);
  return {
    read() {
      if (!existsSync(file)) return { kind: 'missing' };
      try {
        const parsed = lockRecordSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
        return parsed.success ? { kind: 'found', record: parsed.data } : { kind: 'unreadable' };
      } catch {
        return { kind: 'unreadable' };
      }
    },
    write(record) {
      // Written aside and renamed over the old one, so a crash leaves either record, never half of one.
      const next = `${file}.${process.pid}.tmp`;
      try {
        writeFileSync(next, `${JSON.stringify(lockRecordSchema.parse(record), null, 2)}\n`, { mode: 0o600 });
        renameSync(next, file);
      } finally {
        rmSync(next, { force: true });
      }
    },
  };
}
