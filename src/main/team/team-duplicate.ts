// The team duplicate check: before a pay-in is sent, ask the team database whether the same card (its
// keyed fingerprint), customer and amount were charged — or may have been: every status but the ones
// that say no money moved — on another desk within the local guard's window. It asks with a short
// deadline and never fails the pay-in: no answer in time, or no connection, is "skipped", and the agent is
// told so. The database answers through paydesk.team_duplicate (team-migrations.ts), which shows a desk
// only the one matching pay-in's desk, operator, time, order and status, never other desks' rows.

import type { MessageKey, MessageValues } from '@shared/i18n/messages';
import type { RefusalWords } from '@shared/ipc-error';
import { NO_CHARGE_STATUSES } from '@shared/payin-lifecycle';
import type pg from 'pg';
import { worded } from '../i18n/worded';

/** How long the check may hold a pay-in up. */
export const TEAM_CHECK_TIMEOUT_MS = 300;

export type TeamDuplicateQuery = {
  cardKey: string;
  userId: string;
  /** Exact integer minor units, as history's amount_minor. */
  amountMinor: number | bigint;
  /** Pay-ins created at or after this time (ms, the desks' clocks) count. */
  since: number;
};

export type TeamMatch = {
  deskId: string;
  deskName: string;
  operator: string;
  createdAt: number;
  merchantTradeNo: string;
  status: string;
};

export type TeamDuplicateAnswer =
  | { state: 'clear' }
  | { state: 'found'; match: TeamMatch }
  /** `reason`: why, for the log; `message` and `words`: what the agent reads (team.duplicate.*). */
  | { state: 'skipped'; reason: string; message: string; words: RefusalWords };

function skipped(reason: string, key: MessageKey, values: MessageValues): TeamDuplicateAnswer {
  return { state: 'skipped', reason, ...worded(key, values) };
}

const QUERY = 'SELECT * FROM paydesk.team_duplicate($1, $2, $3, $4, $5, $6)';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function checkTeamDuplicate(
  pool: pg.Pool,
  deskId: string,
  query: TeamDuplicateQuery,
  timeoutMs: number = TEAM_CHECK_TIMEOUT_MS,
): Promise<TeamDuplicateAnswer> {
  const asked = pool
    .query(QUERY, [
      query.cardKey,
      query.userId,
      query.amountMinor.toString(),
      query.since,
      deskId,
      NO_CHARGE_STATUSES,
    ])
    .then(
      (result): TeamDuplicateAnswer => {
        const row = result.rows[0] as Record<string, unknown> | undefined;
        if (!row) return { state: 'clear' };
        return {
          state: 'found',
          match: {
            deskId: String(row.desk_id),
            deskName: String(row.desk_name ?? ''),
            operator: String(row.operator),
            createdAt: Number(row.created_at),
            merchantTradeNo: String(row.merchant_trade_no ?? ''),
            status: String(row.status),
          },
        };
      },
      (error: unknown): TeamDuplicateAnswer =>
        skipped(`the team database did not answer: ${errorText(error)}`, 'team.duplicate.skippedError', {
          error: errorText(error),
        }),
    );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<TeamDuplicateAnswer>((resolve) => {
    timer = setTimeout(
      () =>
        resolve(
          skipped(
            `the team database did not answer within ${timeoutMs} ms`,
            'team.duplicate.skippedTimeout',
            {
              ms: timeoutMs,
            },
          ),
        ),
      timeoutMs,
    );
  });
  try {
    // The query goes on after a timeout (its answer is dropped; `asked` never rejects) and gives its
    // connection back when done: the pool's own connect and query timeouts bound it.
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}
