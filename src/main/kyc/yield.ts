// Work left in main (indexing a batch the worker checked) runs in slices with a turn of the event loop
// between them, so IPC, timers and the window stay responsive while 100,000 rows are indexed.
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A clock for slicing a loop: `due()` is true once `budgetMs` have passed since it last was, so a loop
 * yields every few milliseconds whatever the machine's speed. Call it every few hundred iterations.
 */
export function sliceClock(budgetMs = 4): { due: () => boolean } {
  let last = performance.now();
  return {
    due() {
      const now = performance.now();
      if (now - last < budgetMs) return false;
      last = now;
      return true;
    },
  };
}
