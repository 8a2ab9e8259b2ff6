// What the team.* channels answer: the replication status (from memory), and Team History's reads on the
// team store's read pool (team-history.ts). A read the team database cannot answer — team mode off, the
// server down or slow, a grant missing — is an answer saying so, `ok: false`, never a refusal: the team
// view shows it in words while the desk's own history, and every pay-in, go on as before.
import type { MessageKey, MessageValues } from '@shared/i18n/messages';
import type { RefusalWords } from '@shared/ipc-error';
import type { TeamScope } from '@shared/team-history';
import { csvFormOf } from '../csv/csv-form';
import type { HistoryStore } from '../history/store/history-store';
import { refusal } from '../i18n/refuse';
import { worded } from '../i18n/worded';
import type { HandlersOf } from '../ipc/dispatch';
import {
  InvalidTeamCursorError,
  TeamTotalsUnavailableError,
  teamDailyTotals,
  teamDesks,
  teamHistoryCsv,
  teamHistoryPage,
  teamHistoryRow,
  teamOutcomeUnknown,
} from './team-history';
import type { TeamMode } from './team-mode';
import type { TeamStore } from './team-store';
import { verifyTeam, verifyTeamDesk } from './team-verify';

type Unanswered = {
  ok: false;
  reason: 'off' | 'unavailable' | 'forbidden' | 'unsupported';
  message: string;
  words?: RefusalWords;
};
type Answer<T> = { ok: true; data: T } | Unanswered;

/** PostgreSQL's insufficient_privilege. */
const NO_PRIVILEGE = '42501';
/** undefined_table, undefined_function: the team database has not had migration 2 (Team History). */
const OLD_SCHEMA = new Set(['42P01', '42883']);

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why a team read has no answer, worded from the catalogue (`team.read.*`). */
function unanswered(reason: Unanswered['reason'], key: MessageKey, values?: MessageValues): Unanswered {
  const { message, words } = worded(key, values);
  return { ok: false, reason, message, words };
}

export function teamHandlers(deps: {
  team: Pick<TeamMode, 'current' | 'status'>;
  history: Pick<HistoryStore, 'recordEvent'>;
  /** Who exports: the team export is audited on this desk with the operator's name. */
  operator: () => string;
}): HandlersOf<'team'> {
  async function read<T>(
    ask: (store: TeamStore, scope: TeamScope) => Promise<T>,
    /** What to say when the role may not read it. */
    forbidden: MessageKey = 'team.read.forbidden',
  ): Promise<Answer<T>> {
    const store = deps.team.current();
    if (!store) {
      const { mode } = deps.team.status();
      return unanswered('off', mode === 'off' ? 'team.read.off' : 'team.read.notRunning');
    }
    try {
      return { ok: true, data: await ask(store, await store.scope()) };
    } catch (error) {
      if (error instanceof InvalidTeamCursorError)
        throw refusal('invalid', 'refusal.team.cursorUnknown', undefined, 'cursor');
      if (error instanceof TeamTotalsUnavailableError) {
        return { ok: false, reason: 'unsupported', message: error.message, words: error.words };
      }
      if ((error as { code?: unknown }).code === NO_PRIVILEGE) {
        return unanswered('forbidden', forbidden);
      }
      if (OLD_SCHEMA.has(String((error as { code?: unknown }).code))) {
        return unanswered('unavailable', 'team.read.oldSchema', { error: errorText(error) });
      }
      return unanswered('unavailable', 'team.read.noAnswer', { error: errorText(error) });
    }
  }

  return {
    'team.status': async () => deps.team.status(),
    'team.query': (filter) => read((store, scope) => teamHistoryPage(store.readPool, filter, scope)),
    'team.get': (ref) => read(async (store) => (await teamHistoryRow(store.readPool, ref)) ?? null),
    'team.dailyTotals': (query) =>
      read((store) => teamDailyTotals(store.readPool, query), 'team.read.forbiddenTotals'),
    'team.exportCsv': ({ filter, format }) =>
      read(async (store, scope) => {
        const form = await csvFormOf(format);
        const file = await teamHistoryCsv(store.readPool, filter, scope, form);
        // Reading the team's cardholder-related records in bulk is audited here, like History's export.
        deps.history.recordEvent({
          operator: deps.operator(),
          event: 'history.team_exported',
          outcome: 'success',
          resource: 'team_history',
          detail: {
            rows: file.rows,
            truncated: file.truncated,
            filter: { ...filter, cursor: undefined },
            form: form.name,
          },
        });
        return { ...file, fileName: `paydesk-team-history-${new Date().toISOString().slice(0, 10)}.csv` };
      }),
    'team.desks': () => read((store) => teamDesks(store.readPool)),
    'team.outcomeUnknown': () => read((store) => teamOutcomeUnknown(store.readPool)),
    'team.verify': ({ deskId }) =>
      read(async (store, scope) => {
        // A desk's own role reads only its own rows: a check of the team is the supervisor's.
        if (scope !== 'team') {
          throw Object.assign(new Error('the supervisor grant'), { code: NO_PRIVILEGE });
        }
        const results = deskId
          ? [await verifyTeamDesk(store.readPool, deskId)]
          : await verifyTeam(store.readPool);
        deps.history.recordEvent({
          operator: deps.operator(),
          event: 'team.verified',
          outcome: results.every((result) => result.ok) ? 'success' : 'failure',
          resource: 'team_history',
          detail: {
            desks: results.length,
            failed: results.filter((result) => !result.ok).map((result) => result.deskId),
            problems: results.reduce((sum, result) => sum + result.problemCount, 0),
          },
        });
        return results;
      }, 'team.read.forbiddenVerify'),
  };
}
