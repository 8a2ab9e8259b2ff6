// The pay-in request as it goes on the wire: built from the agent's form for a first attempt, rebuilt
// from history for asking again after a restart, signed for v1, and checked against the wire schema
// before anything is written or sent. One place, so that asking again is byte for byte the request that was
// sent first (assumption A9 recognises the same order only by the same body).

import { payInRequestSchema } from '@shared/gateway/payin';
import type { PayInRow } from '@shared/history';
import { normalizeAmount } from '@shared/money/amount';
import { serviceAddresses } from '@shared/notification-service';
import type { Profile } from '@shared/profile';
import { signBody } from '../../node/sign';
import { describeIssue, IpcFailure } from '../refusal';
import type { ReturnRoute } from '../returns/return-listener';
import type { PayInBody } from './in-flight';

/** A value history stored masked (first 6, stars, last 4): it cannot be sent again as it was. */
const MASKED_DIGITS = /\d{6}\*+\d{4}/;

function invalid(message: string, field?: string): never {
  throw new IpcFailure('invalid', message, field);
}

function requireSecret(secret: string | undefined, message: string): string {
  if (!secret) invalid(message, 'secret');
  return secret;
}

/** Signs a v1 body (assumption A4) and checks the whole request against its wire schema, read by the profile's rules (A8, A14). */
function finish(
  version: 'v1' | 'v2',
  profile: Profile,
  body: PayInBody,
  secret: string | undefined,
): PayInBody {
  let wire = body;
  if (version === 'v1') {
    const key = requireSecret(
      secret,
      'Set the merchant secret of this profile in Settings: v1 pay-ins are signed with it.',
    );
    const { sign: _previous, ...unsigned } = body;
    wire = { ...unsigned, sign: signBody(unsigned, key, profile.signAlgorithm) };
  }
  const parsed = payInRequestSchema(version, profile.payInRules).safeParse(wire);
  if (!parsed.success) {
    const issue = describeIssue(parsed.error.issues);
    invalid(issue.message, issue.field);
  }
  return wire;
}

/** The first attempt's request, from the agent's fields, the profile and the pay-in's return route. */
export function buildWireBody(input: {
  version: 'v1' | 'v2';
  fields: Record<string, string | undefined>;
  profile: Profile;
  route: ReturnRoute;
  merchantTradeNo: string;
  secret: string | undefined;
}): { body: PayInBody } {
  const { fields, profile, route } = input;
  const amount = normalizeAmount(fields.amount ?? '');
  if (!amount.ok) invalid(amount.message, 'amount');
  const body: PayInBody = {};
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined && value !== '') body[name] = value;
  Object.assign(body, { merchantTradeNo: input.merchantTradeNo, amount: amount.value });
  // A29: an address the agent left empty is the profile's notification service's (when it names one), else
  // Paydesk's loopback return route, or, for a profile whose gateway takes only public addresses, the
  // profile's own (none when it has none).
  const fallback = profile.notificationService
    ? serviceAddresses(profile.notificationService)
    : profile.returnAddresses === 'paydesk'
      ? {
          retURL: route.retURL,
          successURL: route.successURL,
          failURL: route.failURL,
          callBackURL: profile.embeddedSandbox ? route.callBackURL : undefined,
        }
      : {
          retURL: profile.retURL,
          successURL: profile.successURL,
          failURL: profile.failURL,
          callBackURL: profile.callBackURL,
        };
  const returns = {
    retURL: fields.retURL || fallback.retURL,
    successURL: fields.successURL || fallback.successURL,
    failURL: fields.failURL || fallback.failURL,
    callBackURL: fields.callBackURL || fallback.callBackURL,
  };
  for (const [name, url] of Object.entries(returns)) if (url) body[name] = url;
  // A3: a number in JSON, its digits in a form body.
  const merchantId = input.version === 'v2' ? profile.merchantId : String(profile.merchantId);
  return { body: finish(input.version, profile, { merchantId, ...body }, input.secret) };
}

/**
 * The request of an earlier attempt, rebuilt from history after a restart: history keeps it with the card
 * number masked and no CVV, so the agent types the card again and it must be the same card. A stored-card
 * pay-in had no card details (the gateway holds the card) and goes again as it was: adding typed details
 * would make it another request, which the gateway refuses (A8).
 */
export function rebuildWireBody(input: {
  row: PayInRow;
  typedCard: { cardNumber: string; cvv: string; expDate: string } | undefined;
  maskCard: (cardNumber: string) => string;
  profile: Profile;
  secret: string | undefined;
}): PayInBody {
  const { row } = input;
  const original = JSON.parse(row.request) as PayInBody;
  const storedCard = typeof original.ccStorageID === 'string' && original.ccStorageID !== '';
  let typed: Partial<NonNullable<typeof input.typedCard>> = {};
  if (!storedCard) {
    if (!input.typedCard)
      invalid('Type the card details again to ask again: Paydesk does not keep them.', 'cardNumber');
    if (input.maskCard(input.typedCard.cardNumber) !== row.maskedPan) {
      invalid('That is not the card of the original attempt.', 'cardNumber');
    }
    typed = input.typedCard;
  }
  // The stored request has every card-number-like digit run masked, and an order number or a user id can
  // be one: these two come from their own columns, as sent, or the gateway sees a new order.
  const body: PayInBody = { ...original, ...typed, merchantTradeNo: row.merchantTradeNo, userId: row.userId };
  const masked = Object.entries(body)
    .filter(([key, value]) => key !== 'sign' && MASKED_DIGITS.test(String(value)))
    .map(([key]) => key);
  if (masked.length > 0) {
    throw new IpcFailure(
      'conflict',
      `This pay-in cannot be sent again exactly: history keeps ${masked.join(', ')} masked because it looks like a card number. Its outcome stays unknown: look order ${row.merchantTradeNo} up at the gateway before charging again.`,
    );
  }
  if (row.apiVersion === 'v2') return body;
  return finish('v1', input.profile, body, input.secret);
}
