// Wakes the listening desks after notifications have committed: `NOTIFY paydesk_notifications` in a
// transaction of its own, after the INSERT's COMMIT, never inside it. A NOTIFY in the inserting transaction
// (the row trigger of team migration 3) takes PostgreSQL's instance-wide notify lock at commit and holds it
// through the WAL flush, so no two storing commits could share a flush (issue 32). Here the lock is held
// by a transaction that writes nothing and waits for no flush (synchronous_commit off: a wake-up lost in
// a crash costs nothing, a desk reads by keyset on every reconnect and every poll). Wake-ups asked for
// while one is under way make one more, not one each.
import { NOTIFICATION_CHANNEL } from '@shared/notification-service';
import type pg from 'pg';

const WAKE = `BEGIN; SET LOCAL synchronous_commit TO off; NOTIFY ${NOTIFICATION_CHANNEL}; COMMIT`;

export class DeskWaker {
  readonly #pool: pg.Pool;
  readonly #onError: (error: unknown) => void;
  #running: Promise<void> | undefined;
  #again = false;

  constructor(pool: pg.Pool, onError: (error: unknown) => void) {
    this.#pool = pool;
    this.#onError = onError;
  }

  wake(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#run().finally(() => {
      this.#running = undefined;
    });
  }

  /** Settles when no wake-up is under way (closing). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #run(): Promise<void> {
    do {
      this.#again = false;
      try {
        await this.#pool.query(WAKE);
      } catch (error) {
        this.#onError(error);
      }
    } while (this.#again);
  }
}
