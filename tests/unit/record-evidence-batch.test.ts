// The recorder's batches (src/main/payin/record-evidence.ts, issue 32): the evidence for several pay-ins
// written in one history transaction (history-db.ts: a write inside another joins it under a savepoint), the
// renderer told once with every pay-in the commit changed, the in-memory steps taken only after the commit;
// a failure anywhere in the batch leaves nothing of it written, told, or done; a write that fails inside a
// batch whose caller goes on is undone alone. On a real history file.

import { DatabaseSync } from 'node:sqlite';
import type { PayInResult } from '@shared/ipc';
import { afterEach, describe, expect, it } from 'vitest';
import { SYSTEM_OPERATOR } from '../../src/main/history/store/history-store';
import { createInFlight } from '../../src/main/payin/in-flight';
import { createPayInRecorder, type EvidenceInput } from '../../src/main/payin/record-evidence';
import { payIn, type TempHistory, tempHistory } from '../support/history/history-fixtures';

let history: TempHistory | undefined;
afterEach(() => history?.cleanup());

const approved = (orderId: string): EvidenceInput => ({
  source: 'callback',
  word: 'approved',
  orderId,
  amount: '10.05',
  remark: '',
  traceid: `trace-${orderId}`,
  orderStatus: 2,
});

/** Three pay-ins waiting for the bank, each with its return route, and a recorder over them. */
function desk() {
  history = tempHistory();
  const store = history.store;
  const inFlight = createInFlight(() => 0);
  const ids = [1, 2, 3].map((n) => {
    const id = store.insertPayIn(payIn({ request: { amount: '10.05', merchantTradeNo: `T-${n}` } }));
    store.updatePayIn(id, { orderId: `O-${n}`, status: 'action_required' });
    inFlight.setRoute(id, {
      token: `tok-${n}`,
      retURL: `http://127.0.0.1:5000/r/tok-${n}/ret`,
      successURL: `http://127.0.0.1:5000/r/tok-${n}/success`,
      failURL: `http://127.0.0.1:5000/r/tok-${n}/fail`,
      callBackURL: 'http://127.0.0.1:5000/callback',
      pageURL: `http://127.0.0.1:5000/r/tok-${n}/page`,
    });
    return id;
  });
  const events: PayInResult[][] = [];
  const expired: string[] = [];
  const recorder = createPayInRecorder({
    history: store,
    listener: { expire: (token) => void expired.push(token) },
    inFlight,
    emit: (results) => void events.push(results),
  });
  const audited = () =>
    ids.map((id) => store.auditTrail(id).filter((e) => e.event === 'payin.callback').length);
  return { store, ids, events, expired, recorder, audited };
}

describe('a batch of evidence', () => {
  it('commits together and tells the renderer once, with every pay-in it changed', () => {
    const d = desk();
    d.recorder.batch(() => {
      for (const [index, id] of d.ids.entries())
        d.recorder.record(id, approved(`O-${index + 1}`), SYSTEM_OPERATOR);
      d.store.recordEvent({
        operator: SYSTEM_OPERATOR,
        event: 'test.inside',
        outcome: 'success',
        resource: 'x',
      });
    });
    expect(d.ids.map((id) => d.store.getById(id)?.status)).toEqual(['approved', 'approved', 'approved']);
    expect(d.events).toHaveLength(1);
    expect(d.events[0]?.map((result) => result.historyId)).toEqual(d.ids);
    expect(d.expired).toEqual(['tok-1', 'tok-2', 'tok-3']);
    expect(d.store.verifyHistory()).toMatchObject({ ok: true });
  });

  it('a failure midway leaves nothing of it written, told, or done', () => {
    const d = desk();
    expect(() =>
      d.recorder.batch(() => {
        d.recorder.record(d.ids[0]!, approved('O-1'), SYSTEM_OPERATOR);
        d.recorder.record(d.ids[1]!, approved('O-2'), SYSTEM_OPERATOR);
        throw new Error('the cursor could not move');
      }),
    ).toThrow('the cursor could not move');
    expect(d.ids.map((id) => d.store.getById(id)?.status)).toEqual([
      'action_required',
      'action_required',
      'action_required',
    ]);
    expect(d.audited()).toEqual([0, 0, 0]);
    expect(d.events).toEqual([]);
    expect(d.expired).toEqual([]);
    // The chain goes on from where the last commit left it.
    d.recorder.record(d.ids[2]!, approved('O-3'), SYSTEM_OPERATOR);
    expect(d.audited()).toEqual([0, 0, 1]);
    expect(d.store.verifyHistory()).toMatchObject({ ok: true });
  });

  it('a write that fails inside a batch whose caller goes on is undone alone', () => {
    const d = desk();
    // The file refuses one kind of audit entry: the row's UPDATE has run when its entry fails.
    const other = new DatabaseSync(history!.filePath);
    other.exec(`CREATE TRIGGER test_refuses BEFORE INSERT ON audit_log WHEN NEW.event = 'test.refused'
                BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    other.close();
    d.recorder.batch(() => {
      d.recorder.record(d.ids[0]!, approved('O-1'), SYSTEM_OPERATOR);
      expect(() =>
        d.store.updatePayIn(
          d.ids[2]!,
          { note: { kind: 'action_required', message: 'half' } },
          { event: 'test.refused' },
        ),
      ).toThrow('refused');
      d.recorder.record(d.ids[1]!, approved('O-2'), SYSTEM_OPERATOR);
    });
    expect(d.ids.map((id) => d.store.getById(id)?.status)).toEqual([
      'approved',
      'approved',
      'action_required',
    ]);
    expect(d.store.getById(d.ids[2]!)?.note).toBeNull();
    expect(d.audited()).toEqual([1, 1, 0]);
    expect(d.events).toHaveLength(1);
    expect(d.store.verifyHistory()).toMatchObject({ ok: true });
  });
});
