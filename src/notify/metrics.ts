// What operations watch (issue 32 item 4): GET /metrics on the admin listener (loopback only), Prometheus'
// text format, from prom-client. One registry per service (two in one process, as the tests run them, do
// not mix). README, "Watching it", has the alert rules these are meant for.
import client from 'prom-client';

export type AnswerReason =
  | 'stored'
  | 'database_unavailable'
  | 'malformed'
  | 'bad_signature'
  | 'unknown_merchant'
  | 'oversized'
  | 'unsupported_media_type'
  | 'not_found'
  | 'page'
  | 'health'
  | 'internal';

export interface NotifyMetrics {
  registry: client.Registry;
  answered(status: number, reason: AnswerReason): void;
  /** A notification's time from its turn to store to the answer (COMMIT, or the 503). */
  storeTime(seconds: number): void;
  batch(size: number): void;
  /** A COMMIT that stored at least one new notification. */
  stored(): void;
  render(): Promise<string>;
}

export function createNotifyMetrics(sources: {
  waiting: () => number;
  reachable: () => Promise<boolean>;
}): NotifyMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'paydesk_notify_' });
  const started = Date.now();
  let lastStored: number | undefined;

  const answers = new client.Counter({
    name: 'paydesk_notify_answers_total',
    help: 'Answers given, by HTTP status and reason (stored: a new notification or a repeat, after COMMIT).',
    labelNames: ['status', 'reason'] as const,
    registers: [registry],
  });
  const storeSeconds = new client.Histogram({
    name: 'paydesk_notify_store_seconds',
    help: 'Time to store a verified notification: from its turn to the COMMIT, or to the 503.',
    buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
    registers: [registry],
  });
  const batchSize = new client.Histogram({
    name: 'paydesk_notify_batch_size',
    help: 'Notifications per INSERT and COMMIT.',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [registry],
  });
  new client.Gauge({
    name: 'paydesk_notify_pool_waiting',
    help: 'Notifications waiting for a database connection or for a batch to take them.',
    registers: [registry],
    collect() {
      this.set(sources.waiting());
    },
  });
  new client.Gauge({
    name: 'paydesk_notify_database_up',
    help: '1 when a round trip to PostgreSQL succeeds within database.timeoutMs, else 0 (asked at each scrape).',
    registers: [registry],
    async collect() {
      this.set((await sources.reachable()) ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'paydesk_notify_seconds_since_last_stored',
    help: 'Seconds since this instance last committed a new notification (since its start, if none yet).',
    registers: [registry],
    collect() {
      this.set((Date.now() - (lastStored ?? started)) / 1000);
    },
  });

  return {
    registry,
    answered: (status, reason) => answers.inc({ status: String(status), reason }),
    storeTime: (seconds) => storeSeconds.observe(seconds),
    batch: (size) => batchSize.observe(size),
    stored: () => {
      lastStored = Date.now();
    },
    render: () => registry.metrics(),
  };
}
