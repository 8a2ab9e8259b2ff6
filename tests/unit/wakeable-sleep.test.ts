// A background loop's pause: woken at once, or not taken at all.

import { describe, expect, it } from 'vitest';
import { wakeableSleep } from '../../src/main/wakeable-sleep';

describe('wakeableSleep', () => {
  it('ends an hour-long sleep when woken, and wake with no sleep under way does nothing', async () => {
    const { sleep, wake } = wakeableSleep();
    wake();
    let ended = false;
    const sleeping = sleep(3_600_000).then(() => {
      ended = true;
    });
    await Promise.resolve();
    expect(ended).toBe(false);
    wake();
    await sleeping;
    expect(ended).toBe(true);
  });

  it('does not sleep at all while skip says so', async () => {
    let skip = true;
    const { sleep } = wakeableSleep(() => skip);
    await sleep(3_600_000);
    skip = false;
    const { sleep: other, wake } = wakeableSleep(() => skip);
    const pending = other(3_600_000);
    wake();
    await pending;
  });
});
