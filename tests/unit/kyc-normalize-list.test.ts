// The URL lists of a KYC cell (idCardUrls, documentUrls): split on ; | , and line breaks, each part trimmed,
// empty parts dropped. A cell with no separator takes a shorter path (normalize.ts): the same answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeValue } from '../../src/main/kyc/checking/normalize';

/** What a list cell means, written the long way. */
function reference(cell: string): readonly string[] | undefined {
  const list = cell
    .split(/[;|,\r\n]+/)
    .map((part) => normalizeValue('firstName', part))
    .filter((part): part is string => typeof part === 'string');
  return list.length > 0 ? list : undefined;
}

describe('a list cell', () => {
  it.each([
    ['https://a.example/1.jpg', ['https://a.example/1.jpg']],
    ['  https://a.example/1.jpg  ', ['https://a.example/1.jpg']],
    [
      'https://a.example/1.jpg;https://a.example/2.jpg',
      ['https://a.example/1.jpg', 'https://a.example/2.jpg'],
    ],
    ['a | b ,c\r\nd', ['a', 'b', 'c', 'd']],
    ['', undefined],
    ['   ', undefined],
    [';;|', undefined],
    ["'=a", ['=a']],
  ])('%j is %j', (cell, expected) => {
    expect(normalizeValue('idCardUrls', cell)).toEqual(expected);
  });

  it('means the same with or without separators, whatever its text', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', ' ', ';', '|', ',', '\r', '\n', "'", '=', '\t', 'é'),
    });
    fc.assert(
      fc.property(text, (cell) => {
        expect(normalizeValue('documentUrls', cell)).toEqual(reference(cell));
      }),
      { numRuns: 2_000 },
    );
  });

  it('already a list (a JSON file) keeps its items, trimmed, without the empty ones', () => {
    expect(normalizeValue('idCardUrls', [' x ', '', 'y'])).toEqual(['x', 'y']);
    expect(normalizeValue('idCardUrls', ['  '])).toBeUndefined();
  });
});
