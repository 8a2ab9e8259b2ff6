// Which way round a column writes day and month, from its own rows (date-order.ts), and a date read in the
// order its column proves (normalizeDate): never a guess for a column with no proof, or proof of both.
import { describe, expect, it } from 'vitest';
import { columnDateProofs, provenOrder } from '../../src/main/kyc/checking/date-order';
import { normalizeDate } from '../../src/main/kyc/checking/normalize';
import { CellStore, packRows } from '../../src/main/kyc/reading/cell-store';

const storeOf = (rows: string[][]) => new CellStore(packRows(rows, rows[0]!.length));

describe('a column’s date order', () => {
  it('is day first when a row has a day over 12, month first when a row has a month position over 12', () => {
    const cells = storeOf([
      ['07.03.1979', '03/07/1979', 'x'],
      ['17.03.1979', '03/17/1979', 'y'],
    ]);
    const proofs = columnDateProofs(cells, 3);
    expect(proofs.map(provenOrder)).toEqual(['day-first', 'month-first', undefined]);
    expect(proofs[0]).toEqual({ dates: true, dayFirst: 1, monthFirst: undefined });
  });

  it('is nothing with no proving row, or with rows proving both', () => {
    const cells = storeOf([
      ['07.03.1979', '07.03.1979'],
      ['01.02.1980', '17.03.1979'],
      ['02.01.1990', '03.17.1979'],
    ]);
    expect(columnDateProofs(cells, 2).map(provenOrder)).toEqual([undefined, undefined]);
  });

  it('reads an undecided date only in the order given', () => {
    expect(normalizeDate('07.03.1979')).toBe('07.03.1979');
    expect(normalizeDate('07.03.1979', 'day-first')).toBe('1979-03-07');
    expect(normalizeDate('07.03.1979', 'month-first')).toBe('1979-07-03');
    // A date only one reading makes is that date whatever the order says; 31.02 is no date at all.
    expect(normalizeDate('17.03.1979', 'month-first')).toBe('1979-03-17');
    expect(normalizeDate('07.07.1979', 'month-first')).toBe('1979-07-07');
  });
});
