// The string lint's rules (scripts/ui-strings-rule.ts) held to cases: the words a person reads are found
// wherever the renderer writes them — JSX, a store's note, an Error a page shows — and what is code is not.
import { describe, expect, it } from 'vitest';
import { literalsInSource } from '../../scripts/ui-strings-rule';

const found = (file: string, text: string) => literalsInSource(file, text).map((line) => line.split(' ')[0]);

describe('the string lint', () => {
  it('finds literal text in JSX and in a read attribute', () => {
    const text = [
      'export const A = () => <p title="Open the file">Pay now</p>;',
      'export const B = () => <p>{t("payin.note.lost", { reason: "x" })}</p>;',
    ].join('\n');
    expect(found('src/renderer/src/A.tsx', text)).toEqual([
      'src/renderer/src/A.tsx:1',
      'src/renderer/src/A.tsx:1',
    ]);
  });

  it('finds a phrase a store keeps, an Error carries or a hook hands on, in .ts and outside JSX in .tsx', () => {
    const text = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text under test
      'set({ note: `Order ${order} is in History (Alt+3).` });',
      "throw new Error('The Pay-in page is not ready yet: try again in a moment.');",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text under test
      'refuseFiles(`${files.length} files were dropped: drop one file at a time.`);',
      "const WORD = { warnings: 'warned ' , all: '' };",
      'return { problem: \'The "From" day is after the "To" day.\' };',
    ].join('\n');
    expect(found('src/renderer/src/features/x/store.ts', text)).toEqual([
      'src/renderer/src/features/x/store.ts:1',
      'src/renderer/src/features/x/store.ts:2',
      'src/renderer/src/features/x/store.ts:3',
      'src/renderer/src/features/x/store.ts:5',
    ]);
    expect(found('src/renderer/src/features/x/Drop.tsx', text)).toHaveLength(4);
  });

  it('does not count a literal twice when the JSX rule found it', () => {
    expect(
      found('src/renderer/src/A.tsx', 'export const A = () => <p>{ok ? "All is well" : "Not well"}</p>;'),
    ).toHaveLength(2);
  });

  it('leaves code alone: modules, types, comparisons, names, classes, styles, selectors, keys, logs, URLs', () => {
    const text = [
      "import { x } from 'some module';",
      "type Place = 'from the top' | 'keep the place';",
      "if (card.brand === 'American Express') go();",
      "const style = { border: '1px solid var(--mantine-color-gray-3)', fontFamily: 'system-ui, sans-serif' };",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text under test
      'const margin = `${gap}px 0 auto 0`;',
      "const props = { 'aria-keyshortcuts': 'Control+Y Control+Shift+Z' };",
      'document.querySelector(\'[role="dialog"], [data-bank-page]\');',
      "console.warn('the history could not be read');",
      "const NEW = Symbol('new profile');",
      "const home = 'https://example.com/a b';",
      "translate('payin.note.lost', { reason: detail });",
      'export const A = () => <div className="paydesk-grid paydesk-row" sandbox="allow-scripts allow-forms" />;',
    ].join('\n');
    expect(found('src/renderer/src/features/x/Code.tsx', text)).toEqual([]);
  });

  it('leaves the catalogue code, and the literals allowed by name with their reason', () => {
    expect(found('src/renderer/src/i18n/i18n.ts', "const a = 'some words here';")).toEqual([]);
    expect(
      found(
        'src/renderer/src/main.tsx',
        "throw new Error('Paydesk: #root element missing from index.html');",
      ),
    ).toEqual([]);
    expect(
      found(
        'src/renderer/src/other.tsx',
        "throw new Error('Paydesk: #root element missing from index.html');",
      ),
    ).toHaveLength(1);
  });
});
