// The pay-in request as it goes on the wire: built from the agent's form for a first attempt, rebuilt
// from history for asking again after a restart, signed for v1, and checked against the wire schema
// before anything is written or sent. One place, so that asking again is byte for byte the request that was
// sent first (assumption A9 recognises the same order only by the same body).

import {
  LOOSEST_PAYIN_RULES,
  type PayInRules,
  type PayInV1Request,
  type PayInV2Request,
  payInRequestSchema,
} from '@shared/gateway/payin';
import type { PayInRow } from '@shared/history';
import { serviceAddresses } from '@shared/notification-service';
import type { PayInSubmitted } from '@shared/payin-input';
import type { Profile } from '@shared/profile';
import { signBody } from '../../node/sign';
import { issueRefusal, refusal } from '../i18n/refuse';
import type { ReturnRoute } from '../returns/return-listener';
import type { WireRequest } from './in-flight';

/** A value history stored masked (first 6, stars, last 4): it cannot be sent again as it was. */
const MASKED_DIGITS = /\d{6}\*+\d{4}/;

function requireSecret(secret: string | undefined): string {
  if (!secret) throw refusal('invalid', 'refusal.payin.secretMissing', undefined, 'secret');
  return secret;
}

type RequestOf<V extends 'v1' | 'v2'> = V extends 'v1' ? PayInV1Request : PayInV2Request;

/**
 * Refuses, in the words of its first issue, a body that is not a request of `version` under `rules` (the
 * profile's, A8, A14): what lets the types say the body is one. The body itself goes on, not zod's copy,
 * whose keys are in the schema's order: asking again sends byte for byte the request sent first (A9).
 */
function assertWireRequest<V extends 'v1' | 'v2'>(
  version: V,
  rules: PayInRules,
  body: object,
): asserts body is RequestOf<V> {
  const parsed = payInRequestSchema(version, rules).safeParse(body);
  if (!parsed.success) throw issueRefusal(parsed.error.issues);
}

/** A v1 body signed with the profile's secret (assumption A4), any earlier signature replaced. */
function signed<B extends object>(
  body: B & { sign?: unknown },
  profile: Profile,
  secret: string | undefined,
) {
  const key = requireSecret(secret);
  const { sign: _previous, ...unsigned } = body;
  return { ...unsigned, sign: signBody(unsigned, key, profile.signAlgorithm) };
}

/** The fields of `value` that have a value: an empty text is a field the agent left empty, never sent. */
function withoutEmpty<T extends object>(value: T): T {
  const kept = { ...value };
  for (const key in kept) if (kept[key] === undefined || kept[key] === '') delete kept[key];
  return kept;
}

/** The first attempt's request, from the agent's fields, the profile and the pay-in's return route. */
export function buildWireBody(input: {
  request: PayInSubmitted;
  profile: Profile;
  route: ReturnRoute;
  merchantTradeNo: string;
  secret: string | undefined;
}): WireRequest {
  const { request, profile, route } = input;
  const { fields } = request;
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
  const returns = withoutEmpty({
    retURL: fields.retURL || fallback.retURL,
    successURL: fields.successURL || fallback.successURL,
    failURL: fields.failURL || fallback.failURL,
    callBackURL: fields.callBackURL || fallback.callBackURL,
  });
  const sent = { merchantTradeNo: input.merchantTradeNo, amount: fields.amount };
  const { payInRules: rules } = profile;
  // A3: a number in JSON, its digits in a form body.
  if (request.version === 'v2') {
    const body = { merchantId: profile.merchantId, ...withoutEmpty(request.fields), ...sent, ...returns };
    assertWireRequest('v2', rules, body);
    return { version: 'v2', body };
  }
  const unsigned = {
    merchantId: String(profile.merchantId),
    ...withoutEmpty(request.fields),
    ...sent,
    ...returns,
  };
  const body = signed(unsigned, profile, input.secret);
  assertWireRequest('v1', rules, body);
  return { version: 'v1', body };
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
}): WireRequest {
  const { row } = input;
  const original: unknown = JSON.parse(row.request);
  if (typeof original !== 'object' || original === null) {
    throw refusal('conflict', 'refusal.payin.requestMissing', { order: row.merchantTradeNo });
  }
  const storedCard =
    'ccStorageID' in original && typeof original.ccStorageID === 'string' && original.ccStorageID !== '';
  let typed: Partial<NonNullable<typeof input.typedCard>> = {};
  if (!storedCard) {
    if (!input.typedCard) throw refusal('invalid', 'refusal.payin.typeCardAgain', undefined, 'cardNumber');
    if (input.maskCard(input.typedCard.cardNumber) !== row.maskedPan) {
      throw refusal('invalid', 'refusal.payin.notTheCard', undefined, 'cardNumber');
    }
    typed = input.typedCard;
  }
  // The stored request has every card-number-like digit run masked, and an order number or a user id can
  // be one: these two come from their own columns, as sent, or the gateway sees a new order.
  const body = { ...original, ...typed, merchantTradeNo: row.merchantTradeNo, userId: row.userId };
  const masked = Object.entries(body)
    .filter(([key, value]) => key !== 'sign' && MASKED_DIGITS.test(String(value)))
    .map(([key]) => key);
  if (masked.length > 0) {
    throw refusal('conflict', 'refusal.payin.maskedInHistory', {
      fields: masked.join(', '),
      order: row.merchantTradeNo,
    });
  }
  if (row.apiVersion === 'v2') {
    // It was checked under the profile's rules when it was first sent; here only that it is a v2 request.
    assertWireRequest('v2', LOOSEST_PAYIN_RULES, body);
    return { version: 'v2', body };
  }
  const resigned = signed(body, input.profile, input.secret);
  assertWireRequest('v1', input.profile.payInRules, resigned);
  return { version: 'v1', body: resigned };
}
