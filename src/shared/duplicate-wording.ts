// What the duplicate guard tells an agent about the earlier pay-in it found: only what that pay-in's
// status proves. "Were charged" is the gateway's approval alone; an unknown outcome, a bank page not yet
// finished or an unconfirmed order "may have been charged" (issue 35, item 6). The words are the
// catalogue's `refusal.payin.duplicate`, one branch per status (an ICU select), in every language; a status
// this desk does not know (a newer desk's, through the team database) takes the `other` branch, named as it
// is and never read as charged.
import type { MessageValues } from './i18n/messages';

/** The duplicate question's catalogue values. `where` names another desk and its operator (the team's guard). */
export function duplicateValues(earlier: {
  /** The earlier pay-in's moment (epoch ms): the catalogue says it on the reader's clock ({at, time, short}). */
  at: number;
  status: string;
  merchantTradeNo: string;
  where?: { desk: string; operator: string };
}): MessageValues {
  return {
    at: earlier.at,
    status: earlier.status,
    order: earlier.merchantTradeNo,
    where: earlier.where ? 'team' : 'here',
    desk: earlier.where?.desk ?? '',
    operator: earlier.where?.operator ?? '',
  };
}
