// The audit trail through the app's own channels, with the history file edited behind Paydesk's back
// while it runs, as someone with the file could: a request rebuilt from an edited row is never asked
// again, the list and the drawer flag the row, and history.verify names every row that fails.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { PayInResult } from '@shared/ipc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayTransport, type PayInTransport } from '../../src/main/payin/gateway-transport';
import { type Fixture, startFixture, v2Fields } from '../support/app/paydesk-fixture';

let fx: Fixture;
let sends = 0;
const counting: PayInTransport = {
  send(...args) {
    sends += 1;
    return gatewayTransport.send(...args);
  },
};

beforeAll(async () => {
  fx = await startFixture({ transport: counting });
});
afterAll(() => fx.close());

/** An answer the gateway drops after processing the order: outcome unknown, nothing to settle it. */
async function unknownOutcome(): Promise<PayInResult> {
  const fields = v2Fields({ amount: '500.04', callBackURL: 'http://127.0.0.1:9/nowhere' });
  const result = await fx.data('payin.submit', { version: 'v2', fields });
  expect(result.status).toBe('outcome_unknown');
  return result;
}

function editRow(historyId: number, amount: string): void {
  const db = new DatabaseSync(join(fx.dataDir, 'history.sqlite'));
  const cents = Math.round(Number(amount) * 100);
  db.prepare('UPDATE history_rows SET amount = ?, amount_minor = ? WHERE id = ?').run(
    amount,
    cents,
    historyId,
  );
  db.close();
}

describe('asking again from a row that fails verification', () => {
  it('is not sent, and says why; an intact row is', async () => {
    const edited = await unknownOutcome();
    const intact = await unknownOutcome();
    editRow(edited.historyId, '5.00');
    const before = sends;
    const refused = await fx.call('payin.askAgain', { historyId: edited.historyId });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'conflict' } });
    if (!refused.ok) {
      expect(refused.error.message).toMatch(
        /will not ask the gateway again with a request rebuilt from this history row/,
      );
      expect(refused.error.message).toMatch(/edited outside Paydesk/);
      expect(refused.error.message).toMatch(/Look the order up at the gateway/);
    }
    expect(sends).toBe(before);
    const asked = await fx.data('payin.askAgain', { historyId: intact.historyId });
    expect(asked.status).toBe('approved');
    expect(sends).toBe(before + 1);
  });
});

describe('History sees what fails', () => {
  it('flags an edited row in the list and the drawer, and history.verify lists every row that fails', async () => {
    const first = await unknownOutcome();
    const second = await unknownOutcome();
    editRow(first.historyId, '1.00');
    editRow(second.historyId, '2.00');
    const page = await fx.data('history.query', { limit: 500 });
    expect(page.flagged.map((flag) => flag.rowId)).toEqual(
      expect.arrayContaining([first.historyId, second.historyId]),
    );
    const detail = await fx.data('history.get', { id: first.historyId });
    expect(detail.audit).toEqual({
      state: 'failed',
      reasons: [expect.stringMatching(new RegExp(`Row ${first.historyId} differs from what audit entry`))],
      words: [expect.objectContaining({ key: 'audit.problem.rowChanged' })],
    });
    const verification = await fx.data('history.verify');
    expect(verification.ok).toBe(false);
    expect(
      verification.problems.filter((problem) => problem.kind === 'row_changed').map((p) => p.rowId),
    ).toEqual(expect.arrayContaining([first.historyId, second.historyId]));
    const status = await fx.data('history.auditStatus');
    expect(status).toMatchObject({ checking: false, verification: { scope: 'full', ok: false } });
    // The renderer hears of each finished check.
    expect(fx.events.filter((event) => event.event === 'history.auditChanged').at(-1)?.payload).toMatchObject(
      {
        verification: { ok: false, problemCount: verification.problemCount },
      },
    );
    // A callback or answer now arriving for the edited row is not recorded on top of it.
    expect(() => fx.paydesk.history.updatePayIn(first.historyId, { status: 'approved' })).toThrow(
      /fails verification/,
    );
  });
});
