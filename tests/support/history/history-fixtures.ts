// Builders shared by the history tests: a real SQLite file in a fresh temp folder, a settable clock, the
// audit key and anchor of that file (in memory: `reopen` uses the same, as a restart with the same
// keychain would), and a pay-in request as the pay-in service would hand it over (full card number and
// CVV included).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AuditTrust, sessionTrust } from '../../../src/main/history/audit/audit-trust';
import { type HistoryStore, openHistoryStore } from '../../../src/main/history/store/history-store';
import type { NewKycBatch, NewPayIn } from '../../../src/main/history/store/write-schemas';

export const VISA = '4111111111111111';
export const MASTERCARD = '5555555555554444';
export const CVV = '737';

export type TestClock = { now: () => number; set: (ms: number) => void; advance: (ms: number) => void };

export function testClock(start = Date.UTC(2025, 0, 15, 12, 0, 0)): TestClock {
  let current = start;
  return {
    now: () => current,
    set: (ms) => {
      current = ms;
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export type TempHistory = {
  dir: string;
  filePath: string;
  clock: TestClock;
  trust: AuditTrust;
  store: HistoryStore;
  /** Closes the store and opens the file again with the same key and anchor. */
  reopen: () => HistoryStore;
  cleanup: () => void;
};

export function tempHistory(clock: TestClock = testClock()): TempHistory {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-history-'));
  const filePath = join(dir, 'history.sqlite');
  const trust = sessionTrust(clock.now());
  const history: TempHistory = {
    dir,
    filePath,
    clock,
    trust,
    store: openHistoryStore(filePath, { now: clock.now, trust }),
    reopen: () => {
      history.store.close();
      history.store = openHistoryStore(filePath, { now: clock.now, trust });
      return history.store;
    },
    cleanup: () => {
      history.store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return history;
}

let tradeCounter = 0;
let batchCounter = 0;

/** A KYC batch of one valid record by alice on the sandbox profile, its file hash its own; `overrides` replace. */
export function kycBatch(overrides: Partial<NewKycBatch> = {}): NewKycBatch {
  batchCounter += 1;
  return {
    profile: 'sandbox',
    operator: 'alice',
    fileName: `batch-${batchCounter}.csv`,
    sha256: batchCounter.toString(16).padStart(64, 'f'),
    counts: { total: 1, valid: 1, invalid: 0, accepted: 0, rejected: 0 },
    ...overrides,
  };
}

export function payIn(
  overrides: Partial<Omit<NewPayIn, 'request'>> & { request?: Record<string, unknown> } = {},
): NewPayIn {
  tradeCounter += 1;
  const { request, ...rest } = overrides;
  return {
    profile: 'sandbox',
    operator: 'alice',
    apiVersion: 'v2',
    currency: 'EUR',
    ...rest,
    request: {
      merchantId: 1001,
      merchantTradeNo: `T-${tradeCounter}`,
      userId: 'user-1',
      amount: '10.05',
      cardNumber: VISA,
      cvv: CVV,
      expDate: '09/29',
      firstName: 'Ada',
      lastName: 'Lovelace',
      ...request,
    },
  };
}

/** The ids of the rows a History search finds (its first 50, newest first), in ascending order. */
export function foundIds(store: Pick<HistoryStore, 'query'>, text: string): number[] {
  return store
    .query({ text, sort: 'createdAt_desc', limit: 50 })
    .rows.map((row) => row.id)
    .sort((a, b) => a - b);
}
