// An operator's day in a supervisor's words: the session and approval events (the audit trail's names,
// which stay English in the file) and the day's one-line summary. An event this Paydesk has no words for
// shows as its name, underscores as spaces (an audit entry from a newer Paydesk).
import type { Translate } from '@renderer/i18n/use-t';
import { formatDay } from '@shared/i18n/day-text';
import type { MessageKey } from '@shared/i18n/messages';
import type { OperatorDay } from '@shared/operator-day';

const SESSION_WORDS: Readonly<Record<string, MessageKey>> = {
  signed_in: 'settings.operatorDay.session.signedIn',
  unlocked: 'settings.operatorDay.session.unlocked',
  locked: 'settings.operatorDay.session.locked',
  signed_out: 'settings.operatorDay.session.signedOut',
  sign_in_refused: 'settings.operatorDay.session.signInRefused',
  account_locked: 'settings.operatorDay.session.accountLocked',
  account_unlocked: 'settings.operatorDay.session.accountUnlocked',
  enrolment_started: 'settings.operatorDay.session.enrolmentStarted',
  enrolment_abandoned: 'settings.operatorDay.session.enrolmentAbandoned',
};

const APPROVAL_WORDS: Readonly<Record<string, MessageKey>> = {
  requested: 'settings.operatorDay.approval.requested',
  granted: 'settings.operatorDay.approval.granted',
  refused: 'settings.operatorDay.approval.refused',
  used: 'settings.operatorDay.approval.used',
};

const LOCK_REASONS: Readonly<Record<string, MessageKey>> = {
  idle: 'settings.operatorDay.lockReason.idle',
  operator: 'settings.operatorDay.lockReason.operator',
};

function words(t: Translate, table: Readonly<Record<string, MessageKey>>, name: string): string {
  const key = table[name];
  return key ? t(key) : name.replaceAll('_', ' ');
}

/** "Locked (idle)", "Signed in"; a reason it has no words for (a refusal's code) as it came. */
export function sessionWords(t: Translate, moment: OperatorDay['sessions'][number]): string {
  const what = words(t, SESSION_WORDS, moment.event);
  if (!moment.reason) return what;
  const reason = LOCK_REASONS[moment.reason];
  return t('settings.operatorDay.session.withReason', {
    what,
    reason: reason ? t(reason) : moment.reason,
  });
}

export function approvalWords(t: Translate, event: string): string {
  return words(t, APPROVAL_WORDS, event);
}

/**
 * The day in one sentence: who, which day (as `locale` writes a day), and how many of each list (plurals by
 * the language's rules).
 */
export function daySummary(t: Translate, locale: string, day: OperatorDay, name: string): string {
  return t('settings.operatorDay.summary', {
    name,
    day: formatDay(day.day, locale),
    sessions: day.sessions.length,
    payIns: day.payIns.reduce((sum, total) => sum + total.count, 0),
    batches: day.kycBatches.length,
    asked: day.approvalsAsked.length,
    given: day.approvalsGiven.length,
    refused: day.refusedCalls.length,
  });
}
