// Card data and secrets must never reach the log file, however they are logged: as fields at any depth,
// inside an array, in the message text, in an error, or in a child logger's bindings.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createLogger, withOpId } from '../../src/main/log/logger';
import { redactPaths, scrubText } from '../../src/main/log/redaction';

const PAN = '4111111111111111';
const AMEX = '378282246310005';
const CVV = '9183';
const SECRET = 'merchant-secret-Zq8';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-log-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function findValue(value: unknown, wanted: string): boolean {
  if (typeof value === 'string') return value.includes(wanted);
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some((member) => findValue(member, wanted));
}

it('writes no card number, CVV or secret to the log file', () => {
  const filePath = join(dir, 'logs', 'paydesk.log');
  const logger = createLogger({ filePath, level: 'debug' });
  const op = withOpId(logger, 'op-123');
  op.info({ cardNumber: PAN, cvv: CVV, amount: '10.05' }, 'top level');
  op.info({ body: { cardNumber: PAN, cvv: CVV, merchantTradeNo: 'ORD-1' }, secret: SECRET }, 'request body');
  op.info({
    request: { cvv: CVV, card: { cardNumber: PAN, holder: { password: 'pw-1', passphrase: 'pp-1' } } },
  });
  op.info({ records: [{ cardNumber: AMEX, cvv: CVV }], sign: 'deadbeef' }, 'array');
  op.warn(`free text with ${PAN} and spaced ${AMEX.replace(/(\d{4})/g, '$1 ')}`);
  op.error(new Error(`gateway echoed ${PAN}`), 'failed');
  withOpId(logger, `bound-${PAN}`)
    .child({ profile: { secret: SECRET } })
    .info('child bindings');
  logger.flush();

  const bytes = readFileSync(filePath);
  const lines = bytes
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toHaveLength(7);
  for (const forbidden of [PAN, AMEX, SECRET, 'pw-1', 'pp-1', 'deadbeef']) {
    expect(bytes.includes(Buffer.from(forbidden))).toBe(false);
  }
  for (const line of lines) expect(findValue(line, CVV)).toBe(false);

  // Positive controls: the lines are there, with what support needs.
  expect(lines[0]).toMatchObject({
    opId: 'op-123',
    msg: 'top level',
    amount: '10.05',
    cardNumber: '411111******1111',
  });
  expect(lines[1]).toMatchObject({
    body: { merchantTradeNo: 'ORD-1', cvv: '[REDACTED]' },
    secret: '[REDACTED]',
  });
  expect(lines[4]?.msg).toContain('411111******1111');
  expect(JSON.stringify(lines[5])).toContain('gateway echoed 411111******1111');
});

it('redact paths cover the key at every depth our objects use', () => {
  const paths = redactPaths(['cardNumber'], 3);
  expect(paths).toEqual(['cardNumber', '*.cardNumber', '*.*.cardNumber', '*.*.*.cardNumber']);
});

it('scrubText masks only Luhn-valid card-length digit runs', () => {
  expect(scrubText(`pan ${PAN} end`)).toBe('pan 411111******1111 end');
  // Order numbers and timestamps that are not card numbers stay as they are.
  expect(scrubText('order 4111111111111112 at 1736942400000')).toBe(
    'order 4111111111111112 at 1736942400000',
  );
  expect(scrubText('id 12345678901234567890123')).toBe('id 12345678901234567890123');
});

it('writes no return-route token to the log file, whatever carries it', () => {
  const filePath = join(dir, 'logs', 'paydesk.log');
  const logger = createLogger({ filePath, level: 'debug' });
  const token = 'hbYFHQL2-zg-jzBFXGWi-BRO7uVs29r1';
  const base = `http://127.0.0.1:43919/r/${token}`;
  logger.info({ request: { retURL: `${base}/ret`, successURL: `${base}/success?x=1` } }, 'pay-in sent');
  logger.info(`bank page at ${base}/page`);
  logger.child({ page: `${base}/page` }).error(new Error(`no answer from ${base}/fail`));
  const text = readFileSync(filePath, 'utf8');
  expect(text).not.toContain(token);
  expect(text).toContain('http://127.0.0.1:43919/r/[token]/ret');
  // History keeps the request as sent: only the log hides tokens.
  expect(scrubText(`${base}/ret`)).toBe(`${base}/ret`);
});
