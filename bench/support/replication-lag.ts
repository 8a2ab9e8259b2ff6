// Replication lag of one desk, as bench/team.ts measures it: from the moment a row write's SQLite
// transaction committed on the desk to the moment the desk hears PostgreSQL's COMMIT of the batch that
// carried it (the replicator drops a batch from the outbox right after that COMMIT returns). The row was
// visible to every other session of PostgreSQL slightly before then, so this is an upper bound of "visible
// in PostgreSQL" by one loopback round trip.
// Row writes reach the outbox in the order they commit (one writer per history file, a trigger in each
// write's transaction), so the n-th row entry the replicator reads is the n-th write noted here.
import type { OutboxEntry, TeamOutbox } from '../../src/main/history/store/team-outbox';

export function lagRecorder(outbox: TeamOutbox) {
  const committedAt: number[] = [];
  let nextWrite = 0;
  let newestSeen = 0;
  const inFlight = new Map<number, number>();
  const lagsMs: number[] = [];
  return {
    lagsMs,
    /** Call right after a row write's transaction committed. */
    committed(): void {
      committedAt.push(performance.now());
    },
    outbox: {
      ...outbox,
      peek(limit: number): OutboxEntry[] {
        const entries = outbox.peek(limit);
        for (const entry of entries) {
          if (entry.seq <= newestSeen) continue;
          newestSeen = entry.seq;
          if (entry.kind === 'row') inFlight.set(entry.seq, committedAt[nextWrite++] ?? Number.NaN);
        }
        return entries;
      },
      acknowledge(seq: number): void {
        outbox.acknowledge(seq);
        const heard = performance.now();
        for (const [entrySeq, at] of inFlight) {
          if (entrySeq > seq) continue;
          lagsMs.push(heard - at);
          inFlight.delete(entrySeq);
        }
      },
    } satisfies TeamOutbox,
  };
}
