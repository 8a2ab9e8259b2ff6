// The KYC grid's sideways reveal lands only on snap points (a column's left edge beside the pinned
// columns), so the grid's scroll snapping never pulls a revealed cell back under the pins or out of view.

import {
  COLUMN_STARTS,
  COLUMNS,
  firstInvalidField,
  PINNED_WIDTH,
  revealColumnAt,
  snapPointOf,
} from '@renderer/features/kyc/grid-columns';
import { describe, expect, it } from 'vitest';

const col = (field: string) => COLUMNS.findIndex((column) => column.field === field);

describe('revealColumnAt', () => {
  it('leaves a pinned column and a column already whole where they are', () => {
    expect(revealColumnAt(col('userId'), 500, 900)).toBeUndefined();
    expect(revealColumnAt(col('firstName'), 0, 900)).toBeUndefined();
  });

  it('brings a column half under the pins to its own snap point', () => {
    const firstName = col('firstName');
    const halfUnder = snapPointOf(firstName) + 40;
    expect(revealColumnAt(firstName, halfUnder, 900)).toBe(snapPointOf(firstName));
  });

  it('scrolls right only as far as the first snap point that shows the whole column', () => {
    const mobile = col('mobile');
    const view = 700;
    const target = revealColumnAt(mobile, 0, view)!;
    const snaps = COLUMNS.map((_, index) => index).filter((index) => COLUMNS[index]!.pinned === undefined);
    expect(snaps.map(snapPointOf)).toContain(target);
    const end = COLUMN_STARTS[mobile]! + COLUMNS[mobile]!.width;
    expect(end - target).toBeLessThanOrEqual(view);
    expect(COLUMN_STARTS[mobile]! - target).toBeGreaterThanOrEqual(PINNED_WIDTH);
    // One snap point less and the column's right edge would be out of view.
    const before = snaps.map(snapPointOf).filter((snap) => snap < target);
    expect(end - Math.max(...before)).toBeGreaterThan(view);
  });
});

describe('firstInvalidField', () => {
  it('is the leftmost invalid cell of the row, in the grid’s column order', () => {
    const row = {
      errors: [
        { field: 'mobile', message: 'x' },
        { field: 'lastName', message: 'y' },
        { message: 'row-level' },
      ],
    } as unknown as Parameters<typeof firstInvalidField>[0];
    expect(firstInvalidField(row)).toBe('lastName');
    expect(
      firstInvalidField({ errors: [] } as unknown as Parameters<typeof firstInvalidField>[0]),
    ).toBeUndefined();
  });
});
