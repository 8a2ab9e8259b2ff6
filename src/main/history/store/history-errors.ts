// What the history store throws on purpose, by name: a change it refuses, a row that fails its audit
// check, and a check cut short because the store closed. history-store.ts hands them on to its callers.

export class HistoryStoreError extends Error {
  override name = 'HistoryStoreError';
}

/** The store was closed while a full check ran (the app quitting): nothing went wrong. */
export class HistoryClosedError extends HistoryStoreError {
  override name = 'HistoryClosedError';
}

/** A change refused because the row no longer matches its audit trail. */
export class RowFailsVerificationError extends HistoryStoreError {
  override name = 'RowFailsVerificationError';
}
