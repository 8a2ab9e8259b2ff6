// What makes a failure message fit for a support agent on the phone with a customer: plain sentences, no
// stack trace or socket error code, and an answer to the one question that matters — could money have
// moved? The checks are the reasons a message fails, so a failing drill says what is wrong with it.

/**
 * `none`: says nothing was sent or charged. `maybe`: says the charge (or the records) may have gone through
 * and to check first. `declined`: says the card was declined. `plain`: a readable sentence, nothing more.
 */
export type MoneyAnswer = 'none' | 'maybe' | 'declined' | 'plain';

const SAYS: Record<MoneyAnswer, RegExp> = {
  none: /Nothing was (sent|charged)/,
  maybe: /may have (gone through|been accepted)[^.]*: check before (charging|sending)/,
  declined: /declined/,
  plain: /./,
};

const MISSING: Record<MoneyAnswer, string> = {
  none: 'it does not say that nothing was sent or charged',
  maybe: 'it does not say that the money may have moved and to check before trying again',
  declined: 'it does not say that the card was declined',
  plain: '',
};

/** The problems of `message` as a support message; empty when it is fine. */
export function supportMessageProblems(message: string | undefined, money: MoneyAnswer): string[] {
  if (message === undefined || message.trim() === '') return ['there is no message'];
  const problems: string[] = [];
  if (/\n\s*at\s|\bat\s+\S+\s+\(?[^)\s]*:\d+:\d+\)?/.test(message)) problems.push('it holds a stack trace');
  if (/\b(E[A-Z]{4,}|UND_ERR_[A-Z_]+|ERR_[A-Z_]+)\b/.test(message))
    problems.push('it shows a raw error code');
  if (/\b(TypeError|SyntaxError|RangeError|undefined|null|NaN|\[object)\b/.test(message))
    problems.push('it shows a programming term');
  if (/[{}<>]/.test(message)) problems.push('it shows markup or JSON');
  if (!/^[A-Z]/.test(message)) problems.push('it does not start as a sentence');
  if (!/[.?!]$/.test(message.trim())) problems.push('it does not end as a sentence');
  if (message.length > 320) problems.push(`it is too long to read out (${message.length} characters)`);
  if (!SAYS[money].test(message)) problems.push(MISSING[money]);
  return problems;
}
