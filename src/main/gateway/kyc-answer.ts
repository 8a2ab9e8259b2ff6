// Reads one HTTP answer to a KYC submission (section 2.5, assumptions A11 and A22). The gateway's count
// is the only proof of what it took: a chunk is accepted only when `code` is 0 and `data.count` equals
// the records sent. A count that is short, missing or null leaves the chunk's outcome unknown — none of
// its records is marked accepted, so all are offered again, which is safe because the latest record for
// a userId wins (A22). A non-zero code with `data` null is the refusal section 7 describes.
import { kycResponseSchema } from '@shared/gateway/kyc';
import type { RefusalWords } from '@shared/refusal-words';
import { worded } from '../i18n/worded';
import { type NotSent, type OutcomeUnknown, outcomeUnknown } from './errors';
import type { HttpAnswer } from './payin-answer';

export type KycUnknown = {
  kind: 'outcome_unknown';
  message: string;
  /** The catalogue's words for `message` (i18n/worded.ts); the gateway's msg has none. */
  words?: RefusalWords;
  code?: number;
  msg?: string;
  traceid?: string;
  count?: number;
  httpStatus?: number;
  raw?: string;
};

export type KycAnswer =
  | { kind: 'accepted'; code: number; msg: string; traceid: string; count: number; raw: string }
  | { kind: 'refused'; code: number; msg: string; traceid: string; httpStatus: number; raw: string }
  | KycUnknown
  | { kind: 'not_sent'; message: string; words?: RefusalWords };

function unknownOf(failure: OutcomeUnknown): KycUnknown {
  const answer: KycUnknown = { kind: 'outcome_unknown', message: failure.message, words: failure.words };
  if (failure.httpStatus !== undefined) answer.httpStatus = failure.httpStatus;
  if (failure.raw !== undefined) answer.raw = failure.raw;
  if (failure.traceid) answer.traceid = failure.traceid;
  return answer;
}

export function kycTransportAnswer(failure: NotSent | OutcomeUnknown): KycAnswer {
  return failure.kind === 'not_sent'
    ? { kind: 'not_sent', message: failure.message, words: failure.words }
    : unknownOf(failure);
}

export function readKycAnswer(http: HttpAnswer, context: { sent: number; timeoutMs: number }): KycAnswer {
  const { httpStatus, raw } = http;
  const unknown = (reason: 'server_error' | 'not_json' | 'unexpected_body', detail?: string) =>
    unknownOf(
      outcomeUnknown('kyc', reason, {
        timeoutMs: context.timeoutMs,
        httpStatus,
        raw,
        ...(detail ? { detail } : {}),
      }),
    );
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return unknown(httpStatus >= 500 ? 'server_error' : 'not_json');
  }
  const parsed = kycResponseSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return unknown(
      httpStatus >= 500 ? 'server_error' : 'unexpected_body',
      issue ? `${issue.path.map(String).join('.') || 'body'}: ${issue.message}` : undefined,
    );
  }
  const { code, msg, traceid, data } = parsed.data;
  if (httpStatus >= 500) return { ...unknown('server_error'), code, msg, traceid };
  if (code !== 0) {
    if (data === null && httpStatus >= 200 && httpStatus < 500) {
      return { kind: 'refused', code, msg, traceid, httpStatus, raw };
    }
    return {
      ...unknown('unexpected_body', `code ${code} with data ${JSON.stringify(data)}`),
      code,
      msg,
      traceid,
    };
  }
  const count = data?.count;
  if (httpStatus >= 200 && httpStatus < 300 && count === context.sent) {
    return { kind: 'accepted', code, msg, traceid, count, raw };
  }
  const withStatus = httpStatus >= 300;
  const said =
    count === undefined
      ? worded(withStatus ? 'kyc.chunk.unknown.noCountHttp' : 'kyc.chunk.unknown.noCount', {
          sent: context.sent,
          ...(withStatus && { httpStatus }),
        })
      : worded(withStatus ? 'kyc.chunk.unknown.countedHttp' : 'kyc.chunk.unknown.counted', {
          count,
          sent: context.sent,
          ...(withStatus && { httpStatus }),
        });
  const answer: KycUnknown = {
    kind: 'outcome_unknown',
    ...said,
    code,
    msg,
    traceid,
    httpStatus,
    raw,
  };
  if (count !== undefined) answer.count = count;
  return answer;
}
