// The notification service's configuration schema and the administrator's sample of refusals: the example
// README points to is valid as written, defaults are what README says, and a sampled body never keeps its
// signature nor grows without bound.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NotifyConfigError, parseNotifyConfig } from '../../src/notify/config';
import { Rejections, SAMPLE_BODY_CHARS, SAMPLE_SIZE, sampleBody } from '../../src/notify/rejections';

const example = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'notify', 'notify.example.json'), 'utf8'),
);

describe('the configuration', () => {
  it('takes the documented example, and fills the documented defaults', () => {
    expect(parseNotifyConfig(example).merchants).toEqual([
      { merchantId: 1001, signAlgorithm: 'hmac-sha256', secretCredential: 'merchant-1001' },
    ]);
    const { bodyLimitBytes: _b, admin: _a, logLevel: _l, ...minimal } = example;
    const {
      poolSize: _p,
      timeoutMs: _t,
      ssl: _s,
      caFile: _c,
      passwordCredential: _w,
      ...database
    } = example.database;
    const config = parseNotifyConfig({ ...minimal, database });
    expect(config.bodyLimitBytes).toBe(16_384);
    expect(config.database).toMatchObject({
      timeoutMs: 2_000,
      poolSize: 10,
      maxBatch: 256,
      ssl: 'off',
      passwordCredential: 'database-password',
    });
    expect(config.admin).toBeUndefined();
    // No page may frame the return pages unless the configuration names it (the browser harness's).
    expect(config.returnPage).toEqual({ frameAncestors: [] });
  });

  it('takes origins that may frame the return pages: https, or http on loopback, and nothing after the port', () => {
    const framed = (frameAncestors: string[]) =>
      parseNotifyConfig({ ...example, returnPage: { frameAncestors } });
    expect(framed(['http://127.0.0.1:5421/', 'https://desk.example.com']).returnPage.frameAncestors).toEqual([
      'http://127.0.0.1:5421',
      'https://desk.example.com',
    ]);
    expect(() => framed(['http://desk.example.com'])).toThrow(/returnPage\.frameAncestors\.0: Must be https/);
    expect(() => framed(['https://desk.example.com/paydesk'])).toThrow(/An origin only/);
    expect(() => framed(["'self'"])).toThrow(/returnPage\.frameAncestors\.0/);
    expect(() => framed(['*'])).toThrow(NotifyConfigError);
  });

  it('refuses verify-full without a CA file, and a base URL with a query', () => {
    expect(() =>
      parseNotifyConfig({ ...example, database: { ...example.database, caFile: undefined } }),
    ).toThrow(/database\.caFile: Required with ssl verify-full/);
    expect(() => parseNotifyConfig({ ...example, publicBaseUrl: 'https://pay.example.com/?a=1' })).toThrow(
      NotifyConfigError,
    );
  });
});

describe('the sample of refusals', () => {
  it('blanks every sign and cuts long bodies', () => {
    expect(sampleBody('{"a":1,"sign":"abc\\"def","b":2}')).toBe('{"a":1,"sign":"…","b":2}');
    expect(sampleBody('{"sign" : "unterminated')).toBe('{"sign" : "…"');
    expect(sampleBody('x'.repeat(SAMPLE_BODY_CHARS + 10))).toHaveLength(SAMPLE_BODY_CHARS + 1);
  });

  it('keeps the latest few and every count', () => {
    const rejections = new Rejections();
    for (let i = 0; i < SAMPLE_SIZE + 5; i++) rejections.record('bad_signature', `{"n":${i}}`);
    rejections.record('oversized', '');
    const { counts, sample } = rejections.snapshot();
    expect(counts).toEqual({
      malformed: 0,
      unsupported_media_type: 0,
      oversized: 1,
      unknown_merchant: 0,
      bad_signature: SAMPLE_SIZE + 5,
    });
    expect(sample).toHaveLength(SAMPLE_SIZE);
    expect(sample.at(-1)?.reason).toBe('oversized');
    expect(sample[0]?.body).toBe('{"n":6}');
  });
});
