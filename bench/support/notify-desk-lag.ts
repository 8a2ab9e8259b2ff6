// The desk's half of bench:notify (issue 23): the lag from the notification service's 2xx to a desk's
// History row settled. A whole desk (the app's core, tests/support/app, in team mode with the app's own
// notification timing) sends 3-D Secure pay-ins through its embedded sandbox, which leave them open
// (action_required) in its history file and replicated to the team database. The bench then posts, at a
// steady rate over https through nginx to the service instances, the gateway's signed notification of each
// (tests/support/notify-desk's genuineNotification), from a sender process of its own (notify-sender.ts):
// in the desk's process the answers' timing waited for the desk's own work (the first run gave a p50 of
// −74 ms, the 2xx seen after the row had settled). The desk hears each one as it does in production
// (LISTEN, its own orders read through desk_notifications, the signature verified again with the desk's
// merchant secret in settle.ts's settleCallbacks); the lag is from the 2xx's arrival at the sender to the
// app's `payin.changed` event, which the recorder emits once the batch that settled the row has committed.
// `batchSize` 1 gives the per-notification path's peer: one notification per read, commit and event.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { PayInRow } from '@shared/history';
import type { PayInResult } from '@shared/ipc';
import { startFixture, v2Fields } from '../../tests/support/app/paydesk-fixture';
import { deskHome, genuineNotification, THREE_DS_CARD } from '../../tests/support/notify-desk/notify-desk';
import type { TeamDatabase } from '../../tests/support/team/team-database';
import { waitUntil } from '../../tests/support/team/team-desk';
import type { SenderJob, SenderResult } from './notify-sender';

interface DeskLagOptions {
  team: TeamDatabase;
  /** nginx in front of the service instances, and the CA its certificate is signed by. */
  serviceUrl: string;
  caPem: string;
  /** How many pay-ins the desk opens, each then notified once. */
  payIns: number;
  /** Notifications posted per second (open loop: one is not held back by the last's answer). */
  rate: number;
  /** How many notifications the desk reads (and settles in one commit) at most; the app's 200 otherwise. */
  batchSize?: number;
  /**
   * The desk's settling rate alone: its team mode is stopped while all are posted and stored, then started;
   * the rate is from that start to the last settled, so neither the sender nor the service bounds it.
   */
  catchUp?: boolean;
}

interface DeskLag {
  /** One per notification answered 2xx and settled on the desk, ms from the 2xx to the settled row. */
  lagsMs: number[];
  posted: number;
  non2xx: number;
  /** Settled with the status the notification said (approved, or declined for every other one). */
  settledAsSaid: number;
  refusedByDesk: number;
  /** How long the desk took to send its pay-ins (the sandbox's 3-D Secure answer and the team check). */
  openingSeconds: number;
  /** The desk's settling rate, first post to last settled: below `rate`, the lag grows with each one. */
  settledPerSecond: number;
  /** The sender's rate, first post to last 2xx: the most the desk could have settled at. */
  answeredPerSecond: number;
  /** How many payin.changed events told of the settlements (one per committed batch). */
  events: number;
  /** The desk process's event loop while it settled: the longest delay, ms (a commit holds it). */
  loopDelayMaxMs: number;
}

const epochNow = () => performance.timeOrigin + performance.now();

/** Posts the bodies from a process of its own (notify-sender.ts): when each 2xx arrived, epoch ms. */
async function sendFromAnotherProcess(job: SenderJob): Promise<SenderResult> {
  const child = fork(join(import.meta.dirname, 'notify-sender.ts'), [], { execArgv: ['--import', 'tsx'] });
  const exited = once(child, 'exit');
  const answer = once(child, 'message') as Promise<[SenderResult]>;
  child.send(job);
  const [result] = await Promise.race([
    answer,
    exited.then(([code]) => {
      throw new Error(`the notification sender exited (${code}) without its result`);
    }),
  ]);
  return result;
}

export async function measureDeskLag(options: DeskLagOptions): Promise<DeskLag> {
  const role = await options.team.addDesk('desk_bench_lag');
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-desk-'));
  const home = await deskHome(role, 'Bench desk', dataDir);
  const settledAt = new Map<number, number>();
  let events = 0;
  const desk = await startFixture({
    dataDir,
    settingsStore: home.settingsStore,
    vault: home.vault,
    // The app's notification timing; the duplicate check given time, as the team tests do, so that a
    // loaded machine does not turn its answer into "skipped".
    teamTiming: {
      checkTimeoutMs: 10_000,
      ...(options.batchSize && { notifications: { batchSize: options.batchSize } }),
    },
    onEvent: (event, payload) => {
      if (event !== 'payin.changed') return;
      const at = epochNow();
      let settles = false;
      for (const result of payload as PayInResult[]) {
        if (result.status !== 'action_required' && !settledAt.has(result.historyId)) {
          settledAt.set(result.historyId, at);
          settles = true;
        }
      }
      if (settles) events += 1;
    },
  });
  try {
    const opening = performance.now();
    const ids: number[] = [];
    for (let i = 0; i < options.payIns; i++) {
      // A new amount and customer each: no pay-in looks like a duplicate of another.
      const amount = `${10 + Math.floor(i / 100)}.${String(i % 100).padStart(2, '0')}`;
      const started = await desk.data('payin.submit', {
        version: 'v2',
        fields: v2Fields({ cardNumber: THREE_DS_CARD, amount }),
      });
      if (started.status !== 'action_required')
        throw new Error(
          `pay-in ${i} is ${started.status}, not waiting for 3-D Secure: ${started.message ?? ''}`,
        );
      ids.push(started.historyId);
    }
    const openingSeconds = (performance.now() - opening) / 1000;
    await waitUntil(
      'the desk has replicated its pay-ins and listens',
      () =>
        desk.paydesk.history.teamOutbox.pending() === 0 &&
        desk.paydesk.team.current()?.notifications?.progress().connected === true,
      300_000,
    );
    const said = (index: number) => (index % 2 ? 'declined' : 'approved');
    const bodies = ids.map((id, index) =>
      genuineNotification(desk.paydesk.history.getById(id) as PayInRow, said(index)),
    );
    if (options.catchUp) await desk.paydesk.team.stop();
    const loop = monitorEventLoopDelay({ resolution: 5 });
    let postedAt = epochNow();
    if (!options.catchUp) loop.enable();
    const sent = await sendFromAnotherProcess({
      url: options.serviceUrl,
      caPem: options.caPem,
      bodies,
      rate: options.rate,
    });
    const answeredPerSecond =
      (sent.answeredAt.filter((at) => at !== null).length * 1000) / (epochNow() - postedAt);
    if (options.catchUp) {
      loop.enable();
      postedAt = epochNow();
      await desk.paydesk.team.restart();
    }
    const answeredAt = new Map<number, number>();
    let non2xx = 0;
    for (const [index, at] of sent.answeredAt.entries()) {
      if (at === null) non2xx += 1;
      else answeredAt.set(ids[index]!, at);
    }
    await waitUntil(
      'the desk has settled every notified pay-in',
      () => [...answeredAt.keys()].every((id) => settledAt.has(id)),
      120_000,
    ).catch((error: unknown) => console.error(String(error)));
    loop.disable();
    const lagsMs = [...answeredAt]
      .filter(([id]) => settledAt.has(id))
      .map(([id, at]) => settledAt.get(id)! - at)
      .sort((a, b) => a - b);
    const settledTimes = [...settledAt.values()].sort((x, y) => x - y);
    // From the first post (or the catch-up's start), not the first settled: a batch settles many at once.
    const settledPerSecond =
      settledTimes.length > 0 ? (settledTimes.length * 1000) / (settledTimes.at(-1)! - postedAt) : Number.NaN;
    const settledAsSaid = ids.filter(
      (id, index) => (desk.paydesk.history.getById(id) as PayInRow).status === said(index),
    ).length;
    return {
      lagsMs,
      posted: bodies.length,
      non2xx,
      settledAsSaid,
      refusedByDesk: desk.paydesk.team.current()?.notifications?.progress().refused ?? 0,
      openingSeconds,
      settledPerSecond,
      answeredPerSecond,
      events,
      loopDelayMaxMs: loop.max / 1e6,
    };
  } finally {
    await desk.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
