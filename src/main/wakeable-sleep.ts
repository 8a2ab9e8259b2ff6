// The pause of a background loop (team/replicator.ts, notification-subscriber.ts, accounts-listener.ts) between its
// rounds, which news or a stop ends at once; its timer never keeps the process alive.
export function wakeableSleep(skip: () => boolean = () => false) {
  let wake: (() => void) | undefined;
  return {
    /** Waits `ms`, or until `wake`; not at all while `skip` says so. */
    sleep(ms: number): Promise<void> {
      return new Promise((resolve) => {
        if (skip()) return resolve();
        const timer = setTimeout(done, ms);
        timer.unref?.();
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
    },
    /** Ends the sleep under way, if any. */
    wake(): void {
      wake?.();
    },
  };
}
