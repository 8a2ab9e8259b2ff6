// The rules of check-ui-strings.ts, apart so that a test can hold them to cases (tests/unit/ui-strings-rule.test.ts).
// Two rules, found with TypeScript's own parser. The JSX rule: text between tags, string literals and
// template text in JSX expressions, the attributes a person reads or hears (label, title, aria-label…), and
// what is handed to a function that says it (announce, setProblem…). The code rule (issue 33): in any
// renderer file, a string or template literal of two words or more (a note a store keeps, an Error's
// message a page shows, a problem a query returns) is words for a person, wherever it goes, unless it is
// plainly not: a module's name, a type, a comparison's operand, a property's name, a class name or another
// attribute nobody reads, a style's value, key names, a log line, a symbol's description. What must stay
// English anyway is allowed by name below, with the reason.
import ts from 'typescript';
import { readCatalog } from './i18n/catalog-files';

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

/** Every literal with words in one renderer file (`text`, named `file`), as `file:line "words"`. */
export function literalsInSource(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  /** The literals the JSX rules reported, which the code rule does not count twice. */
  const reported = new Set<ts.Node>();
  const where = (node: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  function stringsOf(expression: ts.Node): void {
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
      if (hasWords(expression.text)) {
        reported.add(expression);
        found.push(`${where(expression)} "${expression.text.trim()}"`);
      }
    } else if (ts.isTemplateExpression(expression)) {
      const parts = [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)];
      if (parts.some(hasWords)) {
        reported.add(expression);
        found.push(`${where(expression)} \`${parts.join('…').trim()}\``);
      }
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
  if (!file.startsWith(CATALOGUE_FOLDER)) {
    visitCode(source, (node, words) => {
      if (!reported.has(node) && !ALLOWED_ENGLISH.has(`${file} ${words}`))
        found.push(`${where(node)} "${words}"`);
    });
  }
  return found;
}

/** The renderer's catalogue code (Lingui's set-up, the hooks): its strings are no one's words. */
const CATALOGUE_FOLDER = 'src/renderer/src/i18n/';

/**
 * Literals of several words that stay English, as `file words`, each with its reason. A file of another
 * area still being converted is a ceiling in ui-strings-ceilings.ts instead, never an entry here.
 */
const ALLOWED_ENGLISH = new Map([
  [
    'src/renderer/src/main.tsx Paydesk: #root element missing from index.html',
    'a broken build, thrown before any catalogue is loaded: for the developer, never an agent',
  ],
  [
    'src/renderer/src/lib/date-field/calendar.ts not a day: …',
    'a programming error: its callers hand it days they have already checked',
  ],
]);

/** Two words of two letters or more, apart: a phrase, not an identifier, a code or a path. */
const PHRASE = /\p{L}{2,}.*\s.*\p{L}{2,}/su;
/** A style's value: a length (also one a template computes: `${gap}px`), a custom property, a font stack. */
const STYLE_VALUE =
  /var\(--|calc\(|(?:\b\d+|…)(?:px|rem|em|vh|vw)\b|sans-serif|monospace|^(?:x|y|both) (?:mandatory|proximity)$/;
/** A CSS selector (querySelector's, closest's): an attribute, a class or an id first. */
const SELECTOR = /^\s*[[.#]/;
/** Key chords as aria-keyshortcuts lists them ("Control+Y Control+Shift+Z"). */
const KEY_CHORDS = /^(?:(?:Control|Shift|Alt|Meta)\+\S+\s*)+$/;
const URL = /^(?:https?:|mailto:|\/)/;
/** Where a literal is code, not words: the kinds of its parent that take a name, a type or a token. */
const NOT_WORDS_PARENTS = new Set([
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.ExportDeclaration,
  ts.SyntaxKind.ExternalModuleReference,
  ts.SyntaxKind.ImportType,
  ts.SyntaxKind.LiteralType,
  ts.SyntaxKind.ElementAccessExpression,
  ts.SyntaxKind.CaseClause,
]);
const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
  ts.SyntaxKind.InKeyword,
]);
/** Calls whose string is no one's words: log lines stay English (the brief's rule), a symbol's description. */
const NOT_WORDS_CALLEES = /^(?:console\.\w+|Symbol)$/;

function isCode(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): boolean {
  const parent = node.parent;
  if (NOT_WORDS_PARENTS.has(parent.kind)) return true;
  if (ts.isBinaryExpression(parent) && COMPARISONS.has(parent.operatorToken.kind)) return true;
  // A property's name ({ 'aria-label': … }) and an attribute nobody reads (className, sandbox, data-…);
  // the attributes read or heard are the JSX rule's.
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node)
    return true;
  if (ts.isJsxAttribute(parent) || (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)))
    return true;
  if (
    (ts.isCallExpression(parent) || ts.isNewExpression(parent)) &&
    NOT_WORDS_CALLEES.test(parent.expression.getText())
  )
    return true;
  return false;
}

/** Each literal of `source` with words in it, and its words (a template's parts joined by "…"). */
function visitCode(source: ts.SourceFile, report: (node: ts.Node, words: string) => void): void {
  function visit(node: ts.Node): void {
    let words: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) words = node.text;
    else if (ts.isTemplateExpression(node))
      words = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…');
    if (
      words !== undefined &&
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateExpression(node)) &&
      PHRASE.test(words) &&
      !STYLE_VALUE.test(words) &&
      !KEY_CHORDS.test(words.trim()) &&
      !URL.test(words) &&
      !SELECTOR.test(words) &&
      !isCode(node)
    ) {
      report(node, words.trim());
    }
    ts.forEachChild(node, visit);
  }
  visit(source);
}
