// This desk's identity in the team: a random id made once and kept in the data folder
// (`team-desk.json`), beside the history file whose rows it names. Never derived from the machine or the
// path (two desks restored from one image must not collide), and never silently replaced: a new id would
// replicate the whole history again under a second desk.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const DESK_FILE = 'team-desk.json';

const deskFileSchema = z.strictObject({
  deskId: z.uuid(),
  createdAt: z.int().nonnegative(),
});

export class DeskIdentityError extends Error {
  override name = 'DeskIdentityError';
}

/** The desk id kept in `dataDir`, made (and written, for this OS user only) on first use. */
export function deskIdentity(dataDir: string, now: () => number = Date.now): string {
  const file = join(dataDir, DESK_FILE);
  if (existsSync(file)) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new DeskIdentityError(
        `${file} cannot be read (${error instanceof Error ? error.message : String(error)}): team replication is stopped rather than start this desk again under a new id. Restore the file, or remove it to make this a new desk.`,
      );
    }
    const parsed = deskFileSchema.safeParse(raw);
    if (!parsed.success) {
      throw new DeskIdentityError(
        `${file} does not hold a desk id: team replication is stopped rather than start this desk again under a new id. Restore the file, or remove it to make this a new desk.`,
      );
    }
    return parsed.data.deskId;
  }
  const record = { deskId: randomUUID(), createdAt: now() };
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
  return record.deskId;
}

/**
 * Makes `dataDir` the desk `deskId` (a restore from the team database on a new PC: team-restore.ts).
 * Refuses a folder that already is another desk: that desk's id is never replaced silently.
 */
export function adoptDeskIdentity(dataDir: string, deskId: string, now: () => number = Date.now): void {
  const file = join(dataDir, DESK_FILE);
  if (existsSync(file)) {
    const current = deskIdentity(dataDir, now);
    if (current === deskId) return;
    throw new DeskIdentityError(
      `${file} names another desk (${current}): move it aside first if this folder is to become desk ${deskId}.`,
    );
  }
  const record = deskFileSchema.parse({ deskId, createdAt: now() });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}
