// No literal words a person reads in the renderer's JSX (issue 33): they come from the catalogues
// (src/renderer/src/i18n). Found with TypeScript's own parser: text between tags, string literals and
// template text in JSX expressions, the attributes a person reads or hears (label, title, aria-label…), and,
// in every renderer file (.ts too), what is handed to a function that says it (announce, setProblem…).
// Most of the renderer is still English: the files not converted yet are listed with their count of literals
// as a ceiling, like check-file-lengths.ts's: each may only go down, a file leaves the list at 0, and a file
// not listed may have none. Run by `npm run lint`; `-- --list` prints every literal found.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { readCatalog } from './i18n/catalog-files';
import { checkCeilings } from './literal-ceilings';
import { STILL_LITERAL } from './ui-strings-ceilings';

/** Attributes whose value is read or heard. */
const VISIBLE_ATTRIBUTES = new Set([
  'label',
  'title',
  'description',
  'placeholder',
  'aria-label',
  'aria-description',
  'alt',
  'intro',
  'error',
  'tooltip',
  'nothingFoundMessage',
  'confirmLabel',
  'cancelLabel',
  /** A table's column names (ColumnTable). */
  'columns',
]);
const SOURCE = readCatalog('en');

/** Functions whose arguments a person reads or hears: the live region, a field's or a panel's problem. */
const SAYING_CALLS = new Set([
  'announce',
  'say',
  'setProblem',
  'setError',
  'setNotice',
  'setMessage',
  'setAnnouncement',
]);

function calleeName(callee: ts.Expression): string | undefined {
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/** Words never translated: the product's name, the gateway's own field names shown as it sends them, a hash's name. */
const NOT_WORDS = new Set(['Paydesk', 'orderId', 'traceid', 'userId', 'SHA-256']);

function hasWords(text: string): boolean {
  const trimmed = text.trim();
  return /\p{L}{2,}/u.test(trimmed) && !NOT_WORDS.has(trimmed);
}

function literalsIn(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  function stringsOf(expression: ts.Node): void {
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
      if (hasWords(expression.text)) found.push(`${where(expression)} "${expression.text.trim()}"`);
    } else if (ts.isTemplateExpression(expression)) {
      const parts = [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)];
      if (parts.some(hasWords)) found.push(`${where(expression)} \`${parts.join('…').trim()}\``);
    } else if (ts.isConditionalExpression(expression)) {
      stringsOf(expression.whenTrue);
      stringsOf(expression.whenFalse);
    } else if (
      ts.isBinaryExpression(expression) &&
      expression.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsEqualsToken &&
      expression.operatorToken.kind !== ts.SyntaxKind.ExclamationEqualsEqualsToken &&
      // `'kycEdits' in detail`: a property's name, not words.
      expression.operatorToken.kind !== ts.SyntaxKind.InKeyword
    ) {
      stringsOf(expression.left);
      stringsOf(expression.right);
    } else if (ts.isParenthesizedExpression(expression)) {
      stringsOf(expression.expression);
    } else if (ts.isArrayLiteralExpression(expression)) {
      for (const element of expression.elements) stringsOf(element);
    }
  }
  function visit(node: ts.Node): void {
    if (ts.isJsxText(node) && hasWords(node.text)) {
      found.push(`${where(node)} "${node.text.trim().replace(/\s+/g, ' ')}"`);
    } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      stringsOf(node.expression);
    } else if (
      ts.isJsxAttribute(node) &&
      VISIBLE_ATTRIBUTES.has(node.name.getText(source)) &&
      node.initializer
    ) {
      const value = node.initializer;
      if (ts.isStringLiteral(value)) stringsOf(value);
      else if (ts.isJsxExpression(value) && value.expression) stringsOf(value.expression);
    } else if (ts.isCallExpression(node) && SAYING_CALLS.has(calleeName(node.expression) ?? '')) {
      // A catalogue's key (said in the reader's language by the callee) or a form field's name are not words.
      for (const argument of node.arguments) {
        const key =
          ts.isStringLiteral(argument) &&
          (argument.text in SOURCE || /^[a-z][A-Za-z0-9]*$/.test(argument.text));
        if (!key) stringsOf(argument);
      }
    }
    ts.forEachChild(node, visit);
  }
  visit(source);
  return found;
}

checkCeilings({
  folder: 'src/renderer',
  extension: ['.ts', '.tsx'],
  literalsIn,
  ceilings: STILL_LITERAL,
  ceilingsFile: 'scripts/ui-strings-ceilings.ts',
  literalWords: 'literal strings; the words belong in the catalogues',
  heading: 'Literal words in the renderer',
  summary: (files, total, listed) =>
    `ui strings: ${files} files, ${total} literals left in the ${listed} files not converted yet`,
});
