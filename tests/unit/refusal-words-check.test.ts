// The lint that holds main's refusals to the catalogues (scripts/check-refusal-words.ts, issue 33): what it
// finds in a file, so that a refusal made without words cannot come back.
import { describe, expect, it } from 'vitest';
import { refusalsWithoutWords, WORDING_FILE } from '../../scripts/refusal-words';

const found = (text: string, file = 'src/main/x.ts') => refusalsWithoutWords(file, text);

describe('check-refusal-words', () => {
  it('finds a refusal whose message is written as a literal', () => {
    expect(found("throw new Refusal('invalid', 'Sign in first.');")).toHaveLength(1);
    // A template with a placeholder, as the code would have it.
    const template = ['throw new Refusal(kind, `Row ', '$', '{n} is wrong.`, field, words);'].join('');
    expect(found(template)).toHaveLength(1);
    expect(found("return refusedAnswer('invalid', 'No name' + suffix);")).toHaveLength(1);
  });

  it('finds a refusal made without the catalogue’s words, whatever its message', () => {
    expect(found("throw new Refusal('locked', trouble.message);")).toEqual([
      "src/main/x.ts:1 new Refusal('locked', trouble.message) (no words)",
    ]);
    expect(found("throw new Refusal('invalid', message, field, undefined);")).toHaveLength(1);
    expect(found("return refusedAnswer('invalid', message);")).toHaveLength(1);
  });

  it('takes a refusal that carries words, and the helpers of main/i18n/refuse.ts', () => {
    expect(found("throw new Refusal('invalid', englishOf(words), field, words);")).toEqual([]);
    expect(found("return refusedAnswer('invalid', message, words);")).toEqual([]);
    expect(found("throw refusal('invalid', 'refusal.payin.notTheCard', undefined, 'cardNumber');")).toEqual(
      [],
    );
    expect(found('return new Refusal(kind, englishOf(words), field);', WORDING_FILE)).toEqual([]);
  });
});
