// Undo and redo of KYC cell edits (issue 35, item 3), in the KYC store: an edit is undone by writing back
// the value main said the cell had before it (kyc.update's `previous`, not the grid's normalized text),
// redone by writing it again; a refusal moves nothing; a new edit clears what could be redone; the lock
// forgets the edits with the rows. (A stand-in for window.paydesk that answers like main.)

import { useKycStore } from '@renderer/features/kyc/store';
import type { KycBatchSummary, KycCounts } from '@shared/kyc-batch';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { speak } from './support/desk-language';

const counts: KycCounts = {
  total: 3,
  valid: 3,
  invalid: 0,
  accepted: 0,
  rejected: 0,
  warnings: 0,
  sending: 0,
  checking: 0,
};
/** The cells as main holds them (raw text), and the calls to kyc.update in order. */
let cells: Record<string, string>;
let updates: { index: number; field: string; value: string }[];
let refuse: { kind: string; message: string } | undefined;

beforeAll(() => speak('en'));

beforeEach(() => {
  cells = { '1:email': 'bad@', '1:birthday': '02.01.1990' };
  updates = [];
  refuse = undefined;
  (globalThis as unknown as { window: unknown }).window = {
    paydesk: {
      invoke: async (channel: string, input: { index: number; field: string; value: string }) => {
        if (channel === 'kyc.rows') {
          return { ok: true, data: { batchId: 'b1', filter: 'all', offset: 0, total: 3, rows: [], counts } };
        }
        if (channel !== 'kyc.update') return { ok: true, data: {} };
        if (refuse) {
          const error = refuse;
          refuse = undefined;
          return { ok: false, error };
        }
        updates.push({ index: input.index, field: input.field, value: input.value });
        const key = `${input.index}:${input.field}`;
        const previous = cells[key] ?? '';
        cells[key] = input.value;
        const row = { index: input.index, row: input.index + 2, record: {}, errors: [], state: 'valid' };
        return { ok: true, data: { row, counts, previous } };
      },
      on: () => () => undefined,
    },
  };
  useKycStore.setState({
    summary: { batchId: 'b1', fileName: 'f.csv', counts } as KycBatchSummary,
    counts,
    edits: { undo: [], redo: [] },
    stepping: false,
  });
});

const kyc = () => useKycStore.getState();

describe('undo and redo of KYC cell edits', () => {
  it('puts back the value main had before the edit, then makes the edit again', async () => {
    await kyc().update(1, 'birthday', '1990-01-02');
    expect(kyc().edits.undo).toEqual([
      { index: 1, row: 3, field: 'birthday', before: '02.01.1990', after: '1990-01-02' },
    ]);
    await kyc().undo();
    expect(cells['1:birthday']).toBe('02.01.1990');
    expect(kyc().edits).toMatchObject({ undo: [], redo: [{ field: 'birthday' }] });
    expect(kyc().notice?.text).toBe('Undid the edit of row 3 birthday: “02.01.1990” again.');
    await kyc().redo();
    expect(cells['1:birthday']).toBe('1990-01-02');
    expect(kyc().edits).toMatchObject({ undo: [{ field: 'birthday' }], redo: [] });
  });

  it('undoes edits last first, and a new edit clears what could be redone', async () => {
    await kyc().update(1, 'email', 'a@example.com');
    await kyc().update(1, 'email', 'b@example.com');
    await kyc().undo();
    expect(cells['1:email']).toBe('a@example.com');
    await kyc().update(1, 'birthday', '1990-01-02');
    expect(kyc().edits.redo).toEqual([]);
    await kyc().undo();
    await kyc().undo();
    expect(cells).toEqual({ '1:email': 'bad@', '1:birthday': '02.01.1990' });
    expect(await kyc().undo()).toBeUndefined();
  });

  it('says why main refused, and lets go of an edit whose record the gateway has accepted since', async () => {
    await kyc().update(1, 'email', 'a@example.com');
    await kyc().update(1, 'birthday', '1990-01-02');
    refuse = { kind: 'storage', message: 'The disk is full.' };
    expect(await kyc().undo()).toMatchObject({ ok: false });
    expect(kyc().edits.undo).toHaveLength(2);
    expect(kyc().notice?.text).toBe('Undo did not change birthday: The disk is full.');
    refuse = {
      kind: 'conflict',
      message: 'The gateway has accepted this record already; it cannot change here.',
    };
    expect(await kyc().undo()).toMatchObject({ ok: false });
    expect(kyc().notice?.text).toContain('has accepted this record already');
    expect(kyc().edits.undo.map((edit) => edit.field)).toEqual(['email']);
    expect(cells['1:birthday']).toBe('1990-01-02');
  });

  it('keeps no edit that changed nothing, and forgets every edit on lock', async () => {
    await kyc().update(1, 'email', 'bad@');
    expect(kyc().edits.undo).toEqual([]);
    await kyc().update(1, 'email', 'a@example.com');
    expect(kyc().edits.undo).toHaveLength(1);
    kyc().forgetRows();
    expect(kyc().edits).toEqual({ undo: [], redo: [] });
  });
});
