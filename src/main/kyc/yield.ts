// Long work in main runs in slices with a turn of the event loop between them, so IPC, timers and the
// window stay responsive while 100,000 records are parsed and checked.
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Rows handled between two yields: a few milliseconds of work each time. */
export const ROWS_PER_SLICE = 2000;
