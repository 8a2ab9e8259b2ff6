// The sentences Paydesk writes about a KYC chunk (issue 33) come from one catalogue entry: the English
// `msg` (History, the logs) is that entry in English, and `words` let the renderer say it in the reader's
// language. The gateway's own msg has no words and stays as sent; a chunk kept before words were reads.
import { type KycRecord, kycSubmitRequestSchema } from '@shared/gateway/kyc';
import { describe, expect, it } from 'vitest';
import { notSent, outcomeUnknown } from '../../src/main/gateway/errors';
import { kycTransportAnswer, readKycAnswer } from '../../src/main/gateway/kyc-answer';
import { inEnglish, wordsIn } from '../../src/main/i18n/words';
import { createKycBatches, type KycSend, type KycSendOutcome } from '../../src/main/kyc/batches';
import { wordsText } from '../../src/renderer/src/lib/words-text';
import { kycChunkResultSchema as storedChunkSchema } from '../../src/shared/history-values';
import english from '../../src/shared/i18n/catalogs/en.json';
import type { MessageKey } from '../../src/shared/i18n/messages';
import { kycChunkResultSchema } from '../../src/shared/kyc-batch';
import type { RefusalWords } from '../../src/shared/refusal-words';
import { kycCsv, kycRecord } from '../support/kyc/generate';
import { kycWorkersForFile, utf8 } from '../support/kyc/open';

const kyc = (httpStatus: number, body: unknown, sent = 10) =>
  readKycAnswer({ httpStatus, raw: JSON.stringify(body) }, { sent, timeoutMs: 30_000 });

/** The words name a key of the English catalogue, and `message` is exactly that entry in English. */
function expectWorded(said: { message: string; words?: RefusalWords | undefined }, key: string) {
  expect(said.words?.key).toBe(key);
  expect(Object.keys(english)).toContain(key);
  expect(inEnglish()(said.words!.key as MessageKey, said.words!.values)).toBe(said.message);
}

describe('a KYC answer that does not count every record', () => {
  it('words a short count with an ICU plural, with and without an HTTP status', () => {
    const short = kyc(200, { code: 0, msg: 'ok', traceid: 'k', data: { count: 8 } });
    if (short.kind !== 'outcome_unknown') throw new Error('expected unknown');
    expectWorded(short, 'kyc.chunk.unknown.counted');
    expect(short.message).toMatch(/^The gateway counted 8 of the 10 records sent: /);
    const one = kyc(200, { code: 0, msg: 'ok', traceid: 'k', data: { count: 0 } }, 1);
    if (one.kind !== 'outcome_unknown') throw new Error('expected unknown');
    expect(one.message).toMatch(/^The gateway counted 0 of the 1 record sent: /);
    const redirected = kyc(302, { code: 0, msg: 'ok', traceid: 'k', data: { count: 10 } });
    if (redirected.kind !== 'outcome_unknown') throw new Error('expected unknown');
    expectWorded(redirected, 'kyc.chunk.unknown.countedHttp');
    expect(redirected.message).toMatch(/10 of the 10 records sent \(HTTP 302\): /);
  });

  it('words an answer without a count', () => {
    const none = kyc(200, { code: 0, msg: 'ok', traceid: 'k', data: null }, 1);
    if (none.kind !== 'outcome_unknown') throw new Error('expected unknown');
    expectWorded(none, 'kyc.chunk.unknown.noCount');
    expect(none.message).toMatch(/without a count for the 1 record sent: /);
    const moved = kyc(301, { code: 0, msg: 'ok', traceid: 'k', data: null }, 3);
    if (moved.kind !== 'outcome_unknown') throw new Error('expected unknown');
    expectWorded(moved, 'kyc.chunk.unknown.noCountHttp');
  });

  it("carries the transport failure's words, and leaves the gateway's own msg without any", () => {
    const lost = kycTransportAnswer(outcomeUnknown('kyc', 'timeout', { timeoutMs: 30_000 }));
    if (lost.kind !== 'outcome_unknown') throw new Error('expected unknown');
    expectWorded(lost, 'gateway.outcome.unknown.timeout');
    const refusedConnection = kycTransportAnswer(
      notSent('connection_refused', { host: '127.0.0.1:47', connectTimeoutMs: 5_000 }),
    );
    if (refusedConnection.kind !== 'not_sent') throw new Error('expected not sent');
    expectWorded(refusedConnection, 'gateway.outcome.notSent.connectionRefused');
    const server = kyc(502, { code: 1, msg: 'busy', traceid: 'k', data: null });
    expect(server).toMatchObject({ kind: 'outcome_unknown', msg: 'busy' });
    if (server.kind === 'outcome_unknown') expect(server.words?.key).toMatch(/^gateway\.outcome\./);
  });
});

describe('a chunk result', () => {
  const workers = kycWorkersForFile();

  async function submitted(answer: (call: number, records: KycRecord[]) => KycSendOutcome | 'throw') {
    const service = createKycBatches({ workers });
    const bytes = utf8(kycCsv(Array.from({ length: 12 }, (_, i) => kycRecord(i))));
    const { batchId } = await service.open(bytes, 'people.csv', {});
    let call = 0;
    const send: KycSend = async (records) => {
      kycSubmitRequestSchema.parse({ merchantId: 1, data: records, sign: 'x' });
      const outcome = answer(call++, records);
      if (outcome === 'throw') throw new Error('socket hang up');
      return outcome;
    };
    return {
      service,
      batchId,
      result: await service.submit(batchId, { send, chunkSize: 4, concurrency: 1 }),
    };
  }

  it('words what Paydesk says of a chunk, keeps the gateway’s msg as sent, and reads in German', async () => {
    const lost = outcomeUnknown('kyc', 'timeout', { timeoutMs: 30_000 });
    const { result } = await submitted((call, records) => {
      const ok = {
        kind: 'accepted',
        code: 0,
        msg: 'success',
        traceid: 't-ok',
        count: records.length,
      } as const;
      if (call === 0) return ok;
      if (call === 1) return { ...ok, count: records.length - 1 };
      return { kind: 'outcome_unknown', message: lost.message, words: lost.words };
    });
    const [accepted, short, unknown] = result.chunks;
    expect(accepted).toMatchObject({ state: 'accepted', msg: 'success' });
    expect(accepted?.words).toBeUndefined();
    expectWorded({ message: short!.msg, words: short!.words }, 'kyc.chunk.partialCount');
    expect(short!.msg).toBe(
      'The gateway counted 3 of the 4 records sent: which it kept is unknown, so all are offered again.',
    );
    expect(unknown!.words).toEqual(lost.words);
    for (const chunk of result.chunks) expect(kycChunkResultSchema.parse(chunk)).toEqual(chunk);

    const german = await wordsIn('de');
    const said = (chunk: typeof short) => wordsText(german, { message: chunk!.msg, words: chunk!.words });
    expect(said(short)).toBe(
      'Das Gateway hat 3 der 4 gesendeten Datensätze gezählt: Welche es behalten hat, ist unbekannt. Daher werden alle erneut angeboten.',
    );
    expect(said(unknown)).toMatch(/^Keine Antwort vom Gateway innerhalb von 30 s\. /);
    expect(said(accepted)).toBe('success');
  });

  it('words a record the gateway named in its refusal around the gateway’s own words', async () => {
    const { service, batchId } = await submitted((call) =>
      call === 0
        ? { kind: 'refused', code: 90751001, msg: 'data[1].email: bad e-mail', traceid: 't-r' }
        : { kind: 'accepted', code: 0, msg: 'success', traceid: 't', count: 4 },
    );
    const [error] = service.rows(batchId, { filter: 'rejected' }).rows[0]!.errors;
    expectWorded(error!, 'kyc.chunk.refusedRow');
    expect(error!.message).toBe('bad e-mail (refused by the gateway, traceid t-r)');
    const german = await wordsIn('de');
    expect(wordsText(german, error!)).toBe('bad e-mail (vom Gateway zurückgewiesen, traceid t-r)');
  });

  it('reads a chunk kept before words were: live and in History', () => {
    const old = {
      index: 0,
      records: 4,
      state: 'outcome_unknown',
      code: null,
      msg: 'The gateway did not answer.',
      traceid: null,
      count: null,
    };
    expect(kycChunkResultSchema.parse(old)).toEqual(old);
    const stored = { index: 0, traceid: null, code: null, msg: 'The gateway did not answer.', count: 0 };
    expect(storedChunkSchema.parse(stored)).toEqual(stored);
    const read = storedChunkSchema.parse(stored);
    expect(wordsText(inEnglish(), { message: read.msg, words: read.words })).toBe(
      'The gateway did not answer.',
    );
  });
});
