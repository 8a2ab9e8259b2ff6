// A first attempt (src/main/payin/submit.ts) on a real history file, the gateway a scripted transport: the
// pending row written before anything leaves, the currency recorded per version, the duplicate guard and its
// window, the team check and its exact minor units, and every refusal sending nothing.
import { DatabaseSync } from 'node:sqlite';
import { formatTime } from '@shared/i18n/format';
import type { RefusalWords } from '@shared/ipc';
import { canonicalAmount } from '@shared/money/amount';
import type { PayInSubmitted } from '@shared/payin-input';
import { type Profile, profileSchema } from '@shared/profile';
import { afterEach, describe, expect, it } from 'vitest';
import type { PayInAnswer } from '../../src/main/gateway/payin-answer';
import { worded } from '../../src/main/i18n/worded';
import type { WireRequest } from '../../src/main/payin/in-flight';
import { createInFlight } from '../../src/main/payin/in-flight';
import { createPayInRecorder } from '../../src/main/payin/record-evidence';
import { createStoredCards } from '../../src/main/payin/stored-cards';
import { DUPLICATE_WINDOW_MS, submitPayIn, type TeamGuard } from '../../src/main/payin/submit';
import type { TeamDuplicateAnswer, TeamDuplicateQuery } from '../../src/main/team/team-duplicate';
import { expectWords } from '../support/app/refusal';
import { type TempHistory, tempHistory } from '../support/history/history-fixtures';

const CARD = { cardNumber: '4242424242424242', cvv: '123', expDate: '12/40' };
const customer = {
  userId: 'u-1',
  firstName: 'Ann',
  lastName: 'Lee',
  mobile: '15123456789',
  addressLine: '1 Main Street',
  country: 'DE',
  city: 'Berlin',
  zip: '10115',
  ip: '203.0.113.7',
};
const profile: Profile = profileSchema.parse({
  id: 'gw',
  name: 'Gateway',
  environment: 'production',
  baseUrl: 'https://gw.example',
  merchantId: 1001,
  displayCurrency: 'GBP',
});

function v2(amount: string, extra: Record<string, unknown> = {}, confirmDuplicate = false): PayInSubmitted {
  return {
    version: 'v2',
    confirmDuplicate,
    fields: { ...customer, ...CARD, ...extra, amount: canonicalAmount(amount) },
  } as PayInSubmitted;
}

function v1(amount: string): PayInSubmitted {
  return {
    version: 'v1',
    confirmDuplicate: false,
    fields: {
      ...customer,
      ...CARD,
      email: 'ann@example.com',
      iddCode: '49',
      currency: 'USD',
      amount: canonicalAmount(amount),
    },
  } as PayInSubmitted;
}

let history: TempHistory | undefined;
afterEach(() => history?.cleanup());

/** The team fingerprint column of every row, read from the file (it is not on the contract's row). */
function cardKeys(): (string | null)[] {
  const db = new DatabaseSync(history!.filePath, { readOnly: true });
  try {
    return db
      .prepare('SELECT card_key FROM history_rows ORDER BY id')
      .all()
      .map((r) => r.card_key as string | null);
  } finally {
    db.close();
  }
}

function desk(
  options: {
    team?: TeamGuard;
    failInsert?: boolean;
    failUpdate?: boolean;
    noLog?: boolean;
    answer?: Partial<PayInAnswer>;
  } = {},
) {
  history = tempHistory();
  const real = history.store;
  const failing = new Set([
    ...(options.failInsert ? ['insertPayIn'] : []),
    ...(options.failUpdate ? ['updatePayIn'] : []),
  ]);
  const store = new Proxy(real, {
    get: (target, key, receiver) =>
      failing.has(String(key))
        ? () => {
            throw new Error('disk full');
          }
        : Reflect.get(target, key, receiver),
  });
  const clock = history.clock;
  const inFlight = createInFlight(clock.now);
  const sent: { request: WireRequest; statusWhenSent: string | undefined }[] = [];
  const listenerCalls: string[] = [];
  const secretAsked: number[] = [];
  const logged: { level: string; object: Record<string, unknown>; message?: string }[] = [];
  const log = {
    info: (object: object, message?: string) =>
      void logged.push({ level: 'info', object: object as never, message }),
    error: (object: object, message?: string) =>
      void logged.push({ level: 'error', object: object as never, message }),
  };
  const kv = new Map<string, unknown>();
  const storedCards = createStoredCards({ get: (k) => kv.get(k), set: (k, v) => void kv.set(k, v) });
  let tokens = 0;
  const recorder = createPayInRecorder({
    history: store,
    listener: { expire: (token) => void listenerCalls.push(`expire ${token}`) },
    inFlight,
    emit: () => undefined,
  });
  const deps = {
    history: store,
    inFlight,
    recorder,
    storedCards,
    log: options.noLog ? undefined : log,
    now: clock.now,
    connection: async () => ({
      profile,
      baseUrl: 'https://gw.example',
      operator: 'alice',
      secret: async () => {
        secretAsked.push(1);
        return 'merchant-secret';
      },
    }),
    listener: {
      register: () => {
        tokens += 1;
        const token = `tok-${tokens}`;
        listenerCalls.push(`register ${token}`);
        const base = `http://127.0.0.1:5000/r/${token}`;
        return {
          token,
          retURL: `${base}/ret`,
          successURL: `${base}/success`,
          failURL: `${base}/fail`,
          callBackURL: 'http://127.0.0.1:5000/callback',
          pageURL: `${base}/page`,
        };
      },
      bind: (token: string, id: number) => void listenerCalls.push(`bind ${token} ${id}`),
      forget: (token: string) => void listenerCalls.push(`forget ${token}`),
      storePage: () => undefined,
      expire: () => undefined,
    },
    transport: {
      send: async (request: WireRequest): Promise<PayInAnswer> => {
        const rows = real.query({ sort: 'createdAt_desc', limit: 1 }).rows;
        sent.push({ request, statusWhenSent: rows[0]?.status });
        return {
          word: 'approved',
          message: 'Approved',
          words: { key: 'test.approved' },
          orderId: `O-${sent.length}`,
          ...options.answer,
        };
      },
    },
    team: options.team ? () => options.team : undefined,
  };
  const rows = () => real.query({ sort: 'createdAt_asc', limit: 50 }).rows;
  return {
    deps,
    sent,
    listenerCalls,
    secretAsked,
    logged,
    storedCards,
    clock,
    rows,
    submit: (input: PayInSubmitted) => submitPayIn(deps as never, input),
  };
}

type Refused = { kind: string; field?: string; message: string; words?: RefusalWords };

async function refusalOf(run: Promise<unknown>): Promise<Refused> {
  try {
    await run;
  } catch (error) {
    return error as Refused;
  }
  throw new Error('expected a refusal');
}

describe('a first attempt', () => {
  it('v2: the row is pending when the request leaves, recorded in the profile display currency, masked', async () => {
    const d = desk();
    const result = await d.submit(v2('999999.99', { merchantTradeNo: 'T-own' }));
    expect(d.sent).toHaveLength(1);
    expect(d.sent[0]!.statusWhenSent).toBe('pending');
    expect(d.sent[0]!.request.body).toMatchObject({
      amount: '999999.99',
      merchantTradeNo: 'T-own',
      cardNumber: CARD.cardNumber,
    });
    expect(result).toMatchObject({ status: 'approved', merchantTradeNo: 'T-own', amount: '999999.99' });
    const [row] = d.rows();
    expect(row).toMatchObject({
      status: 'approved',
      amount: '999999.99',
      currency: 'GBP',
      maskedPan: '424242******4242',
      apiVersion: 'v2',
    });
    expect(d.secretAsked).toEqual([]);
    expect(result).not.toHaveProperty('teamCheck');
    expect(cardKeys()).toEqual([null]);
    expect(d.listenerCalls.slice(0, 2)).toEqual(['register tok-1', `bind tok-1 ${row!.id}`]);
  });

  it('v1: signed with the secret asked for, recorded in the currency it sends', async () => {
    const d = desk();
    await d.submit(v1('0.01'));
    expect(d.secretAsked).toEqual([1]);
    expect(d.sent[0]!.request.body).toMatchObject({ currency: 'USD', amount: '0.01' });
    expect(d.rows()[0]).toMatchObject({ currency: 'USD', amount: '0.01', apiVersion: 'v1' });
  });

  it('settled: the return route is let go; the log names what was sent, never the full card', async () => {
    const d = desk();
    await d.submit(v2('12.34', { merchantTradeNo: 'T-log' }));
    expect(d.listenerCalls).toContain('expire tok-1');
    const sentLine = d.logged.find((line) => line.message === 'pay-in sent');
    expect(sentLine?.object).toMatchObject({
      merchantTradeNo: 'T-log',
      amount: '12.34',
      currency: 'GBP',
      maskedPan: '424242******4242',
    });
    expect(JSON.stringify(d.logged)).not.toContain(CARD.cardNumber);
  });

  it('asked to store the card: it is remembered masked, with its brand and expiry, for this user', async () => {
    const d = desk({ answer: { ccStorageID: 'tok_new' } });
    await d.submit(v2('5.00', { storeCc: '1' }));
    expect(d.storedCards.list(profile.id, 'u-1')).toMatchObject([
      { ccStorageID: 'tok_new', maskedPan: '424242******4242', brand: 'Visa', expDate: '12/40' },
    ]);
  });

  it('the answer cannot be recorded: outcome unknown, told with the amount and currency sent', async () => {
    const d = desk({ failUpdate: true });
    const result = await d.submit(v2('999999.99', { merchantTradeNo: 'T-lost' }));
    expect(result).toMatchObject({
      status: 'outcome_unknown',
      merchantTradeNo: 'T-lost',
      amount: '999999.99',
      currency: 'GBP',
      maskedPan: '424242******4242',
    });
    expect(d.rows()[0]!.status).toBe('pending');
  });

  it('an order number left empty is generated', async () => {
    const d = desk();
    const result = await d.submit(v2('5.00', { merchantTradeNo: '' }));
    expect(result.merchantTradeNo).not.toBe('');
    expect(d.sent[0]!.request.body.merchantTradeNo).toBe(result.merchantTradeNo);
  });

  it('an answer that leaves the outcome open does not make it final', async () => {
    const d = desk({ answer: { word: 'unknown', message: 'HTTP 502', orderId: undefined } });
    expect((await d.submit(v2('5.00'))).status).toBe('outcome_unknown');
  });
});

describe('refusals send nothing', () => {
  it('a card that fails its checks: nothing written, nothing sent, no route', async () => {
    const d = desk();
    const error = await refusalOf(d.submit(v2('5.00', { cardNumber: '4242424242424241' })));
    expect(error).toMatchObject({ kind: 'invalid', field: 'cardNumber' });
    expectWords(error, 'payin.problem.card.checkDigit');
    expect(error.message).toBe('The card number is mistyped (its check digit is wrong).');
    expect(d.rows()).toEqual([]);
    expect(d.sent).toEqual([]);
    expect(d.listenerCalls).toEqual([]);
  });

  it('each card check refuses in the form’s own words (payin.problem.card.*), the brand named as a value', async () => {
    const d = desk();
    const refused = (fields: Record<string, unknown>) => refusalOf(d.submit(v2('5.00', fields)));
    expectWords(await refused({ cardNumber: '4242x4242' }), 'payin.problem.card.notDigits');
    expectWords(await refused({ cardNumber: '9999999999999999' }), 'payin.problem.card.unknownBrand');
    const length = await refused({ cardNumber: '424242424242' });
    expectWords(length, 'payin.problem.card.length', { brand: 'Visa', lengths: '16, 18, or 19' });
    expectWords(await refused({ expDate: '13/40' }), 'payin.problem.expiryFormat');
    expectWords(await refused({ expDate: '01/20' }), 'payin.problem.card.expired');
    const cvv = await refused({ cvv: '12' });
    expectWords(cvv, 'payin.problem.card.cvvLength', { brand: 'Visa', digits: 3, code: 'CVV' });
    expect(cvv.message).toBe('Visa cards have a 3-digit CVV.');
    expect(d.sent).toEqual([]);
  });

  it('a body the profile refuses: the route registered is forgotten', async () => {
    const d = desk();
    const error = await refusalOf(d.submit(v2('5.00', { country: 'DEU' })));
    expect(error).toMatchObject({ kind: 'invalid', field: 'country' });
    expect(d.listenerCalls).toEqual(['register tok-1', 'forget tok-1']);
    expect(d.sent).toEqual([]);
  });

  it('history cannot record it, and no logger: still refused as storage, not sent', async () => {
    const d = desk({ failInsert: true, noLog: true });
    expect((await refusalOf(d.submit(v2('5.00')))).kind).toBe('storage');
    expect(d.sent).toEqual([]);
  });

  it('history cannot record it: refused as storage, not sent, the route forgotten', async () => {
    const d = desk({ failInsert: true });
    const error = await refusalOf(d.submit(v2('5.00', { merchantTradeNo: 'T-9x' })));
    expect(error.kind).toBe('storage');
    expect(error.message).toContain(
      'History could not record this pay-in (disk full), so Paydesk did not send it.',
    );
    expect(d.sent).toEqual([]);
    expect(d.listenerCalls).toEqual(['register tok-1', 'forget tok-1']);
    expect(d.logged).toContainEqual({
      level: 'error',
      object: { merchantTradeNo: 'T-9x', err: 'disk full' },
      message: 'history could not record a pay-in: not sent',
    });
  });
});

describe('stored cards', () => {
  const stored = {
    ccStorageID: 'tok_9',
    userId: 'u-1',
    maskedPan: '555555******4444',
    brand: 'Mastercard',
    expDate: '01/30',
  };
  const noCard = { cardNumber: undefined, cvv: undefined, expDate: undefined, ccStorageID: 'tok_9' };

  it('a known card of this user: the row keeps its masked number and brand', async () => {
    const d = desk();
    d.storedCards.save(profile.id, stored);
    await d.submit(v2('5.00', noCard));
    expect(d.rows()[0]).toMatchObject({ maskedPan: '555555******4444', brand: 'Mastercard' });
    expect(d.sent[0]!.request.body).not.toHaveProperty('cardNumber');
  });

  it("an unknown card, or another user's, is refused", async () => {
    const d = desk();
    d.storedCards.save(profile.id, { ...stored, userId: 'u-2' });
    const unknown = await refusalOf(d.submit(v2('5.00', noCard)));
    expect(unknown).toMatchObject({
      kind: 'invalid',
      field: 'ccStorageID',
      message: 'This stored card is not known for this user in the active profile.',
    });
    expectWords(unknown, 'refusal.payin.storedCardUnknown');
    expect(await refusalOf(d.submit(v2('5.00', { ...noCard, ccStorageID: 'tok_x' })))).toMatchObject({
      field: 'ccStorageID',
    });
    expect(d.sent).toEqual([]);
  });
});

describe('the duplicate guard', () => {
  it('the same card, amount and customer within the window asks first; confirmed, it goes', async () => {
    const d = desk();
    const firstAt = d.clock.now();
    await d.submit(v2('10.00'));
    d.clock.advance(DUPLICATE_WINDOW_MS);
    const error = await refusalOf(d.submit(v2('10.00')));
    expect(error.kind).toBe('duplicate_suspected');
    // The moment goes as a number, for the reader's language to say on its own clock; the log's English says
    // it as History's English does ("3:30 PM").
    expect(error.words?.values?.at).toBe(firstAt);
    expect(error.message).toMatch(/^At \d{1,2}:\d\d [AP]M the same card, amount and customer .*\(order /);
    expect(error.message).toContain(`At ${formatTime(firstAt, 'en')} the same card`);
    expect(d.sent).toHaveLength(1);
    await d.submit(v2('10.00', {}, true));
    expect(d.sent).toHaveLength(2);
  });

  it('past the window, another amount or another customer: no question', async () => {
    const d = desk();
    await d.submit(v2('10.00'));
    await d.submit(v2('10.01'));
    await d.submit(v2('10.00', { userId: 'u-2' }));
    d.clock.advance(DUPLICATE_WINDOW_MS + 1);
    await d.submit(v2('10.00'));
    expect(d.sent).toHaveLength(4);
  });

  it('is ten minutes', () => {
    expect(DUPLICATE_WINDOW_MS).toBe(600_000);
  });
});

describe('team mode', () => {
  function team(answer: TeamDuplicateAnswer) {
    const asked: TeamDuplicateQuery[] = [];
    const keyed: unknown[] = [];
    const guard: TeamGuard = {
      cardKeyOf: (card) => {
        keyed.push(card);
        return 'ab'.repeat(32);
      },
      checkDuplicate: async (query) => {
        asked.push(query);
        return answer;
      },
    };
    return { guard, asked, keyed };
  }

  it('asks the team with the exact minor units since the window; clear: said so, the key recorded', async () => {
    const t = team({ state: 'clear' });
    const d = desk({ team: t.guard });
    const result = await d.submit(v2('999999.99'));
    expect(t.asked).toEqual([
      {
        cardKey: 'ab'.repeat(32),
        userId: 'u-1',
        amountMinor: 99_999_999,
        since: d.clock.now() - DUPLICATE_WINDOW_MS,
      },
    ]);
    expect(t.keyed).toEqual([{ cardNumber: CARD.cardNumber }]);
    expect(result.teamCheck).toEqual({ state: 'clear' });
    expect(cardKeys()).toEqual(['ab'.repeat(32)]);
  });

  it('a match on another desk refuses, naming the desk, the operator and the order', async () => {
    const match = {
      deskId: 'd1e2s3k4-0000',
      deskName: '',
      operator: 'bob',
      createdAt: Date.UTC(2025, 0, 15, 11, 58),
      merchantTradeNo: 'T-other',
      status: 'approved',
    };
    const d = desk({ team: team({ state: 'found', match }).guard });
    const error = await refusalOf(d.submit(v2('10.00')));
    expect(error.kind).toBe('duplicate_suspected');
    expect(error.words?.values?.at).toBe(match.createdAt);
    expect(error.message).toMatch(new RegExp(`^At ${formatTime(match.createdAt, 'en')}, on desk`));
    expect(error.message).toContain('on desk d1e2s3k4 by bob');
    expect(error.message).toContain('(order T-other)');
    expect(d.sent).toEqual([]);
    const named = desk({ team: team({ state: 'found', match: { ...match, deskName: 'Front' } }).guard });
    expect((await refusalOf(named.submit(v2('10.00')))).message).toContain('on desk "Front" by bob');
  });

  it('skipped: the pay-in goes, saying the other desks were not checked', async () => {
    const said = worded('team.duplicate.skippedError', { error: 'offline' });
    const d = desk({ team: team({ state: 'skipped', reason: 'offline', ...said }).guard });
    const result = await d.submit(v2('10.00'));
    expect(result.teamCheck).toEqual({
      state: 'skipped',
      message:
        'The team duplicate check was skipped (the team database did not answer: offline): pay-ins on other desks were not checked.',
      words: { key: 'team.duplicate.skippedError', values: { error: 'offline' } },
    });
    expect(d.sent).toHaveLength(1);
  });

  it('confirmed: the team is not asked; a stored card is keyed by its token', async () => {
    const t = team({ state: 'clear' });
    const d = desk({ team: t.guard });
    d.storedCards.save(profile.id, {
      ccStorageID: 'tok_9',
      userId: 'u-1',
      maskedPan: '555555******4444',
      brand: 'Mastercard',
      expDate: '01/30',
    });
    await d.submit(
      v2('10.00', { cardNumber: undefined, cvv: undefined, expDate: undefined, ccStorageID: 'tok_9' }, true),
    );
    expect(t.asked).toEqual([]);
    expect(t.keyed).toEqual([{ ccStorageID: 'tok_9' }]);
  });
});
