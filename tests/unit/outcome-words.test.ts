// Every sentence main writes about a pay-in's outcome comes from one catalogue entry (issue 33): its English
// `message` (logs, the CSV export, old readers) is that entry rendered in English, and its `words` (key and
// values) let the renderer say the same in the reader's language. The gateway's own words go in as values,
// untranslated. A note written before words were kept still reads.
import { describe, expect, it } from 'vitest';
import { notSent, outcomeUnknown } from '../../src/main/gateway/errors';
import { type PayInAnswer, readPayInAnswer } from '../../src/main/gateway/payin-answer';
import { inEnglish, wordsIn } from '../../src/main/i18n/words';
import { wordsText } from '../../src/renderer/src/lib/words-text';
import { RESULT_CODE } from '../../src/shared/gateway/result-codes';
import { historyNoteSchema } from '../../src/shared/history-values';
import english from '../../src/shared/i18n/catalogs/en.json';
import type { MessageKey } from '../../src/shared/i18n/messages';
import { NOT_SENT_REASONS, OUTCOME_UNKNOWN_REASONS } from '../../src/shared/payin-lifecycle';
import { payInResultOf } from '../../src/shared/payin-result';
import { payIn } from '../support/history/history-fixtures';

const read = (httpStatus: number, body: unknown) =>
  readPayInAnswer(
    { httpStatus, raw: typeof body === 'string' ? body : JSON.stringify(body) },
    { timeoutMs: 30_000 },
  );
const body = (data: unknown, extra: object = {}) => ({ code: 0, msg: 'ok', traceid: 't-1', data, ...extra });

const ANSWERS: [string, PayInAnswer, PayInAnswer['word']][] = [
  ['approved', read(200, body({ orderStatus: 2, orderId: 'O-1' })), 'approved'],
  ['declined with a remark', read(200, body({ orderStatus: 15, remark: 'Insufficient funds' })), 'declined'],
  ['declined without one', read(200, body({ orderStatus: 15 })), 'declined'],
  ['processing', read(200, body({ orderStatus: 1 })), 'processing'],
  ['3-D Secure', read(200, body({ orderStatus: 1, htmlSource: '<form></form>' })), 'action_required'],
  ['hosted page', read(200, body({ redirectURL: 'https://bank.example/p' })), 'action_required'],
  [
    'refused before an order',
    read(200, {
      code: RESULT_CODE.INVALID_PARAMETER,
      msg: 'cardNumber: Required.',
      traceid: 't',
      data: null,
    }),
    'no_order',
  ],
  [
    'refused before an order, no msg',
    read(400, { code: RESULT_CODE.INVALID_PARAMETER, msg: '', traceid: 't', data: null }),
    'no_order',
  ],
  [
    'a code without the order',
    read(200, { code: 4242, msg: 'Try later', traceid: 't', data: null }),
    'unknown',
  ],
  ['a code, no msg', read(200, { code: 4242, msg: '', traceid: 't', data: null }), 'unknown'],
  ['no code, no status', read(200, { msg: 'hello', traceid: 't', data: {} }), 'unknown'],
  ['no code, no status, no msg', read(200, { traceid: 't', data: {} }), 'unknown'],
  [
    'a duplicate order number',
    read(200, { code: RESULT_CODE.DUPLICATE_TRADE_NO, msg: 'dup', traceid: 't', data: null }),
    'unknown',
  ],
  ['HTTP 502', read(502, '<html>Bad gateway</html>'), 'unknown'],
  ['not JSON', read(200, 'hello'), 'unknown'],
  ['not an object', read(200, '[1]'), 'unknown'],
  ['an unknown status', read(200, body({ orderStatus: 99 })), 'unknown'],
];

const NOT_SENT = NOT_SENT_REASONS;
const UNKNOWN = OUTCOME_UNKNOWN_REASONS;
const FAILURES = [
  ...NOT_SENT.map((reason) => notSent(reason, { host: 'gw.example:8443', connectTimeoutMs: 2500 })),
  ...(['payin', 'kyc'] as const).flatMap((operation) =>
    UNKNOWN.flatMap((reason) => [
      outcomeUnknown(operation, reason, { timeoutMs: 30_000, httpStatus: 503 }),
      outcomeUnknown(operation, reason, { timeoutMs: 30_000, detail: 'TypeError: boom' }),
    ]),
  ),
];

describe('the words of an answer', () => {
  it.each(ANSWERS)('%s: its words are a catalogue entry whose English is its message', (_, answer, word) => {
    expect(answer.word).toBe(word);
    expect(Object.keys(english)).toContain(answer.words.key);
    expect(inEnglish()(answer.words.key as MessageKey, answer.words.values)).toBe(answer.message);
  });

  it.each(FAILURES.map((failure) => [failure.message, failure]))('%s: from the catalogue', (_, failure) => {
    expect(Object.keys(english)).toContain(failure.words.key);
    expect(inEnglish()(failure.words.key as MessageKey, failure.words.values)).toBe(failure.message);
  });

  it('keeps the English main wrote before the catalogue', () => {
    const said = (name: string) => ANSWERS.find(([label]) => label === name)?.[1].message;
    expect(said('approved')).toBe('The gateway approved the payment.');
    expect(said('declined with a remark')).toBe('The card was declined: Insufficient funds.');
    expect(said('refused before an order')).toBe(
      `The gateway refused the payment before creating an order: cardNumber: Required. (code ${RESULT_CODE.INVALID_PARAMETER}). Nothing was charged.`,
    );
    expect(said('a code without the order')).toBe(
      'The gateway answered without saying what happened to the order (HTTP 200, code 4242: "Try later"). The payment may have gone through: check before charging again.',
    );
    expect(FAILURES[2]?.message).toBe(
      'The gateway at gw.example:8443 did not accept a connection within 2.5 s. Nothing was sent: it is safe to try again.',
    );
  });

  it('says them in German with the gateway’s own words as it sent them', async () => {
    const de = await wordsIn('de');
    const say = (answer: { words: { key: string; values?: Record<string, string | number> } }) =>
      de(answer.words.key as MessageKey, answer.words.values);
    const declined = ANSWERS[1]![1];
    expect(say(declined)).toBe('Die Karte wurde abgelehnt: Insufficient funds.');
    const refused = ANSWERS[6]![1];
    expect(say(refused)).toContain('cardNumber: Required.');
    expect(say(refused)).toContain('Es wurde nichts belastet.');
    expect(say(FAILURES[2]!)).toContain('2,5 s');
    for (const [, answer] of ANSWERS) expect(say(answer)).not.toBe(answer.message);
  });
});

describe("a pay-in's note", () => {
  const note = {
    kind: 'outcome_unknown',
    message: 'No answer from the gateway within 30 s.',
    words: { key: 'gateway.outcome.unknown.timeout', values: { operation: 'payin', seconds: 30 } },
  };

  it('reads back with its words, and without them as old rows hold it', () => {
    expect(historyNoteSchema.parse(note)).toEqual(note);
    const old = { kind: 'refused', message: 'The gateway refused the payment.', field: 'cardNumber' };
    expect(historyNoteSchema.parse(old)).toEqual(old);
  });

  it('gives its words to the renderer with its message, and none when it has none', () => {
    const row = { ...payIn(), id: 7, note };
    const result = payInResultOf(row as never);
    expect(result.message).toBe(note.message);
    expect(result.words).toEqual(note.words);
    const old = payInResultOf({ ...payIn(), id: 7, note: { kind: 'refused', message: 'x' } } as never);
    expect(old).toMatchObject({ message: 'x' });
    expect(old.words).toBeUndefined();
  });

  it("is said in the reader's language, and in main's English for a key the renderer does not know", async () => {
    const de = await wordsIn('de');
    expect(wordsText(de, note)).toBe(
      'Keine Antwort vom Gateway innerhalb von 30 s. Die Zahlung ist möglicherweise durchgegangen: Prüfen Sie das, bevor Sie erneut belasten.',
    );
    expect(wordsText(de, { ...note, words: { key: 'payin.answer.fromTheFuture' } })).toBe(note.message);
    expect(wordsText(de, { message: 'as sent' })).toBe('as sent');
  });
});
