// The tests' pseudo-locale (en-XA) made from the English catalogue: every letter of the text accented, its
// vowels doubled, padded to 40 % longer and wrapped in ⟦ ⟧, so that a string that does not come from the
// catalogue reads plainly English on a screenshot, and a label with no room for German shows cut short.
// Only the text between the ICU syntax changes (@messageformat/parser finds it): placeholders, plurals and
// selects stay as they are. `npm run i18n:pseudo` (scripts/i18n-pseudo.ts) writes src/shared/i18n/catalogs/en-XA.json; the
// catalogue check (tests/unit/catalogs.test.ts) fails when it is out of date.
import { type Content, parse, type Token } from '@messageformat/parser';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTS = [...'àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'];
const ACCENTED = new Map([...PLAIN].map((char, index) => [char, ACCENTS[index]!]));
const VOWELS = new Set('aeiouAEIOU');
const GROWTH = 1.4;

function accented(text: string): string {
  let out = '';
  for (const char of text) {
    const replaced = ACCENTED.get(char) ?? char;
    out += VOWELS.has(char) ? replaced + replaced : replaced;
  }
  return out;
}

function contents(tokens: readonly Token[], found: Content[] = []): Content[] {
  for (const token of tokens) {
    if (token.type === 'content') found.push(token);
    else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      for (const branch of token.cases) contents(branch.tokens, found);
    }
  }
  return found;
}

function pseudoMessage(message: string): string {
  const texts = contents(parse(message)).sort((a, b) => b.ctx.offset - a.ctx.offset);
  let out = message;
  for (const { ctx } of texts) {
    out = out.slice(0, ctx.offset) + accented(ctx.text) + out.slice(ctx.offset + ctx.text.length);
  }
  const padding = Math.max(0, Math.ceil(message.length * GROWTH) - out.length - 2);
  return `⟦${out}${'·'.repeat(padding)}⟧`;
}

export function pseudoCatalog(source: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(source).map(([key, message]) => [key, pseudoMessage(message)]));
}
