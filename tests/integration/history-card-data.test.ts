// PCI DSS 3.3/3.5: after a day of pay-ins the history file, WAL included, holds no full card number and
// no CVV anywhere, not even in a stored request, a gateway answer that echoed them, or the audit trail.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { payIn, type TempHistory, tempHistory } from '../support/history/history-fixtures';

const CARDS = ['4111111111111111', '5555555555554444', '378282246310005'];
// CVVs that cannot turn up by chance in hex hashes or timestamps once quoted.
const CVVS = ['"919"', '"828"', '"4646"'];

let h: TempHistory;
beforeEach(() => {
  h = tempHistory();
});
afterEach(() => h.cleanup());

it('no full card number and no CVV reach the SQLite file or its WAL', () => {
  CARDS.forEach((cardNumber, index) => {
    const cvv = CVVS[index]!.replaceAll('"', '');
    const id = h.store.insertPayIn(
      payIn({
        apiVersion: index === 0 ? 'v1' : 'v2',
        request: { cardNumber, cvv, merchantTradeNo: `PCI-${index}` },
      }),
    );
    h.store.updatePayIn(id, {
      status: index === 2 ? 'declined' : 'approved',
      rawResponse: JSON.stringify({
        code: 0,
        msg: `card ${cardNumber} ok`,
        traceid: 't',
        data: { cardNumber, cvv, orderStatus: 2 },
      }),
      remark: `Do not honour (card ${cardNumber})`,
      note: { kind: 'declined', message: `declined ${cardNumber}` },
    });
  });
  const notJson = h.store.insertPayIn(payIn({ request: { merchantTradeNo: 'PCI-html' } }));
  h.store.updatePayIn(notJson, { status: 'outcome_unknown', rawResponse: `<html>${CARDS[0]}</html>` });
  h.store.markPendingAsOutcomeUnknown();
  h.store.exportCsv({}, { operator: 'alice' });

  // The store is still open: recent pages live in the -wal file, not yet checkpointed into the main file.
  const files = readdirSync(h.dir).filter((name) => name.startsWith('history.sqlite'));
  expect(files).toEqual(expect.arrayContaining(['history.sqlite', 'history.sqlite-wal']));
  expect(statSync(join(h.dir, 'history.sqlite-wal')).size).toBeGreaterThan(0);
  const bytes = Buffer.concat(files.map((name) => readFileSync(join(h.dir, name))));
  const latin1 = bytes.toString('latin1');

  // Positive control: the masked form is there, so these are the bytes the rows went to.
  expect(latin1).toContain('411111******1111');
  expect(latin1).toContain('378282*****0005');
  for (const card of CARDS) {
    expect(bytes.includes(Buffer.from(card, 'utf8'))).toBe(false);
    expect(bytes.includes(Buffer.from(card, 'utf16le'))).toBe(false);
  }
  for (const cvv of CVVS) expect(latin1).not.toContain(cvv);
  expect(latin1.toLowerCase()).not.toContain('cvv');
});
