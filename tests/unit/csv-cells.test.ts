// The one CSV writer's injection guard, and the KYC reader undoing it: what goes out is inert in a
// spreadsheet whatever its list separator, and what comes back in is the text that was exported.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, neutralizeFormulas, undoFormulaGuards } from '../../src/main/csv/csv-cells';

describe('csvCell', () => {
  it.each([
    ['=1+1', `"'=1+1"`],
    ['x;=cmd', `"x;'=cmd"`],
    ['a,@SUM(A1)', `"a,'@SUM(A1)"`],
    ['a; +1', `"a; '+1"`],
    ['plain', '"plain"'],
    ["O'Brien; Smith", `"O'Brien; Smith"`],
    ['say "hi"', '"say ""hi"""'],
  ])('%s → %s', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('leaves no segment a spreadsheet would start as a formula, and reads back to the original', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('=', '+', '-', '@', ';', ',', ' ', 'a', '1', "'", '\t') }),
        (text) => {
          const guarded = neutralizeFormulas(text);
          for (const segment of guarded.split(/[;,]/))
            expect(segment.replace(/^[ \t]*/, '')).not.toMatch(/^[=+\-@]/);
          expect(undoFormulaGuards(guarded)).toBe(text);
        },
      ),
    );
  });
});
