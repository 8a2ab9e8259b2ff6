// A desk's history as the app writes it (the real store, the real audit key in the desk's vault, the real
// log lines of a pay-in), then damaged the ways disks, power cuts and sync tools damage files: cut short,
// pages overwritten, the WAL deleted after a crash. For the salvage tests and drills (history-salvage.ts).
import { createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { CredentialVault } from '../../../src/main/credentials/vault';
import { loadAuditTrust, vaultTrustStore } from '../../../src/main/history/audit/audit-trust';
import { type HistoryStore, openHistoryStore } from '../../../src/main/history/store/history-store';
import { type AppLogger, createLogger } from '../../../src/main/log/logger';

export type WrittenPayIn = { id: number; merchantTradeNo: string; amount: string; status: string };

type DeskWriter = {
  store: HistoryStore;
  log: AppLogger;
  written: WrittenPayIn[];
  /** One pay-in as the pay-in service writes it: the row, its log lines, its answer (none: in flight). */
  payIn(status: 'approved' | 'declined' | 'outcome_unknown' | 'pending'): WrittenPayIn;
  close(): Promise<void>;
};

let counter = 0;

/** Opens the desk's history at `<dataDir>/history.sqlite` with its audit key from `vault`. */
export async function openDesk(dataDir: string, vault: CredentialVault): Promise<DeskWriter> {
  const file = join(dataDir, 'history.sqlite');
  const trust = await loadAuditTrust(vaultTrustStore(vault, file), { filePath: file });
  const store = openHistoryStore(file, { trust });
  const log = createLogger({ filePath: join(dataDir, 'logs', 'paydesk.log'), level: 'info' });
  const written: WrittenPayIn[] = [];
  return {
    store,
    log,
    written,
    payIn(status) {
      counter += 1;
      const merchantTradeNo = `DMG-${process.pid}-${counter}`;
      const amount = `${10 + (counter % 90)}.${String(counter % 100).padStart(2, '0')}`;
      const id = store.insertPayIn({
        profile: 'Sandbox',
        operator: 'alice',
        apiVersion: 'v2',
        currency: 'EUR',
        request: {
          merchantTradeNo,
          userId: `cust-${counter}`,
          amount,
          cardNumber: '4111111111111111',
          cvv: '737',
          firstName: 'Ada',
          lastName: 'Lovelace',
        },
      });
      log.info(
        {
          opId: `payin-${id}`,
          historyId: id,
          version: 'v2',
          attempt: 'answer',
          merchantTradeNo,
          amount,
          currency: 'EUR',
          maskedPan: '411111******1111',
          profile: 'Sandbox',
        },
        'pay-in sent',
      );
      if (status !== 'pending') {
        store.updatePayIn(id, { status, orderId: status === 'approved' ? `ORD-${counter}` : null });
        log.info({ opId: `payin-${id}`, historyId: id, status }, 'pay-in answered');
      }
      const payIn = { id, merchantTradeNo, amount, status };
      written.push(payIn);
      return payIn;
    },
    async close() {
      await store.flush();
      store.close();
      log.flush();
    },
  };
}

/**
 * `count` pay-ins, approved but for five outcome_unknown ones at 10, 30, 50, 70 and 90 % of the way and
 * one left in flight (pending) at 80 %: a cut at 60 % takes two of the five and the one in flight.
 */
export async function writeDeskHistory(dataDir: string, vault: CredentialVault, count: number) {
  const desk = await openDesk(dataDir, vault);
  const unknownAt = new Set([0.1, 0.3, 0.5, 0.7, 0.9].map((share) => Math.round(count * share)));
  const pendingAt = Math.round(count * 0.8);
  for (let i = 1; i <= count; i += 1) {
    desk.payIn(unknownAt.has(i) ? 'outcome_unknown' : i === pendingAt ? 'pending' : 'approved');
  }
  await desk.close();
  return desk.written;
}

export function sha256Of(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Cuts the file to `share` of its size (not on a page boundary: a cut is where it is). */
export function cutFile(file: string, share: number): void {
  truncateSync(file, Math.floor(statSync(file).size * share));
}

/** A small deterministic generator, so a failing run can be run again as it was. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Overwrites `count` random pages (never page 1) with random bytes; answers their numbers. */
export function overwritePages(file: string, count: number, seed: number, pageSize = 4096): number[] {
  const random = seededRandom(seed);
  const pages = Math.floor(statSync(file).size / pageSize);
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, pages - 1)) chosen.add(2 + Math.floor(random() * (pages - 1)));
  const fd = openSync(file, 'r+');
  try {
    for (const page of chosen) {
      const bytes = Buffer.alloc(pageSize);
      for (let i = 0; i < pageSize; i += 1) bytes[i] = Math.floor(random() * 256);
      writeSync(fd, bytes, 0, pageSize, (page - 1) * pageSize);
    }
  } finally {
    closeSync(fd);
  }
  return [...chosen].sort((a, b) => a - b);
}

/** The history as a crash leaves it: a copy of the file and its WAL taken while the store is open. */
export function crashImage(dataDir: string, into: string): void {
  for (const suffix of ['', '-wal']) {
    const from = join(dataDir, `history.sqlite${suffix}`);
    if (existsSync(from)) copyFileSync(from, join(into, `history.sqlite${suffix}`));
  }
  rmSync(join(into, 'history.sqlite-shm'), { force: true });
}

/**
 * The rows SQLite itself can still read from a damaged file, one id at a time (an oracle independent of
 * the salvage's page reader): on a copy, so the damaged file stays as it is.
 */
export function readableRows(file: string, scratch: string, upTo: number): Map<number, string> {
  const copy = join(scratch, 'oracle.sqlite');
  copyFileSync(file, copy);
  if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
  const found = new Map<number, string>();
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(copy, { readOnly: true });
  } catch {
    return found;
  }
  try {
    let statement: ReturnType<DatabaseSync['prepare']>;
    try {
      statement = db.prepare('SELECT status FROM history_rows WHERE id = ?');
    } catch {
      return found;
    }
    for (let id = 1; id <= upTo; id += 1) {
      try {
        const row = statement.get(id);
        if (row) found.set(id, String(row.status));
      } catch {
        // a row on a page SQLite cannot read
      }
    }
  } finally {
    db.close();
  }
  return found;
}
