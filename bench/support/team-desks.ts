// A process of simulated desks for bench/team.ts: each desk a real history store (its own SQLite file,
// migration 6's outbox triggers) and the real team store (replicator and duplicate-check pool, the app's
// timing), writing pay-ins as a desk does (the pending row, then the gateway's answer a moment later) at
// random (Poisson) moments, and measuring each row write's replication lag (replication-lag.ts).
// Driven by bench/team.ts over Node's IPC channel: start → ready, go → done.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sessionTrust } from '../../src/main/history/audit/audit-trust';
import { type HistoryStore, openHistoryStore } from '../../src/main/history/store/history-store';
import { deskSigner, newSigningKeyPem } from '../../src/main/team/desk-signing';
import { startTeamStore, type TeamStore } from '../../src/main/team/team-store';
import { lagRecorder } from './replication-lag';

export interface DeskSpec {
  deskId: string;
  name: string;
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
}

export type DesksStart = {
  type: 'start';
  desks: DeskSpec[];
  folder: string;
  teamKey: string;
  /** Pay-ins per second per desk. */
  rate: number;
  seconds: number;
  /** The replicator's idle poll, when not the app's (to see what the poll costs in lag). */
  idleMs?: number;
};

export type DesksMessage =
  | { type: 'ready' }
  | {
      type: 'done';
      lagsMs: number[];
      payIns: number;
      rowWrites: number;
      undrained: number;
      unmatched: number;
    };

const CARDS = ['4111111111111111', '5555555555554444', '4242424242424242', '4000056655665556'];

function send(message: DesksMessage): void {
  process.send?.(message);
}

async function run(start: DesksStart): Promise<void> {
  const desks = start.desks.map((spec) => {
    const folder = join(start.folder, spec.name);
    mkdirSync(folder, { recursive: true });
    const history: HistoryStore = openHistoryStore(join(folder, 'history.sqlite'), {
      trust: sessionTrust(Date.now()),
    });
    const lag = lagRecorder(history.teamOutbox);
    const store: TeamStore = startTeamStore({
      connection: {
        host: spec.host,
        port: spec.port,
        database: spec.database,
        user: spec.user,
        deskName: spec.name,
      },
      password: spec.password,
      teamKey: start.teamKey,
      signer: deskSigner(newSigningKeyPem()),
      deskId: spec.deskId,
      deskName: spec.name,
      outbox: lag.outbox,
      ...(start.idleMs !== undefined && { replication: { idleMs: start.idleMs } }),
    });
    return { spec, history, lag, store, payIns: 0, rowWrites: 0 };
  });
  send({ type: 'ready' });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));

  const until = performance.now() + start.seconds * 1000;
  const settling: Promise<void>[] = [];
  await Promise.all(
    desks.map(async (desk, index) => {
      let n = 0;
      for (;;) {
        // Exponential gaps: pay-ins arrive at random, `rate` a second on average.
        await sleep(-Math.log(1 - Math.random()) * (1000 / start.rate));
        if (performance.now() >= until) return;
        n += 1;
        const cardNumber = CARDS[(index + n) % CARDS.length]!;
        const cents = 100 + Math.floor(Math.random() * 50_000);
        const id = desk.history.insertPayIn({
          profile: 'Sandbox',
          operator: `agent-${desk.spec.name}`,
          apiVersion: 'v2',
          currency: 'EUR',
          cardKey: desk.store.cardKeyOf({ cardNumber }),
          request: {
            merchantId: 1001,
            merchantTradeNo: `B${desk.spec.name}-${n}`,
            userId: `cust-${Math.floor(Math.random() * 5_000)}`,
            amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
            cardNumber,
            cvv: '737',
            expDate: '09/29',
            firstName: 'Ada',
            lastName: 'Lovelace',
          },
        });
        desk.lag.committed();
        desk.payIns += 1;
        desk.rowWrites += 1;
        // The gateway's answer, 30–300 ms later: the row's second write.
        settling.push(
          sleep(30 + Math.random() * 270).then(() => {
            desk.history.updatePayIn(id, { status: Math.random() < 0.9 ? 'approved' : 'declined' });
            desk.lag.committed();
            desk.rowWrites += 1;
          }),
        );
      }
    }),
  );
  await Promise.all(settling);
  // Everything written is sent before the desks stop (bounded: a stuck replicator shows as undrained).
  const drainedBy = performance.now() + 60_000;
  while (desks.some((desk) => desk.history.teamOutbox.pending() > 0) && performance.now() < drainedBy) {
    await sleep(50);
  }
  const undrained = desks.reduce((sum, desk) => sum + desk.history.teamOutbox.pending(), 0);
  for (const desk of desks) {
    await desk.store.close();
    desk.history.close();
  }
  send({
    type: 'done',
    lagsMs: desks.flatMap((desk) => desk.lag.lagsMs),
    payIns: desks.reduce((sum, desk) => sum + desk.payIns, 0),
    rowWrites: desks.reduce((sum, desk) => sum + desk.rowWrites, 0),
    undrained,
    unmatched: desks.reduce((sum, desk) => sum + desk.rowWrites - desk.lag.lagsMs.length, 0),
  });
}

process.on('disconnect', () => process.exit(0));
process.once('message', (message: DesksStart) => {
  run(message).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
