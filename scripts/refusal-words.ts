// What check-refusal-words.ts finds in one of main's files (issue 33): a refusal a person reads is worded
// from the catalogues (main/i18n/refuse.ts: its key and values go with it, and the renderer says it in the
// reader's language). Found with TypeScript's parser: `new Refusal(…)` or `refusedAnswer(…)` with a string or
// template with words as its message, or without the words argument (Refusal's 4th, refusedAnswer's 3rd)
// anywhere but main/i18n/refuse.ts, whose helpers are how main words a refusal.
import ts from 'typescript';

/** The one file that may make a Refusal from its parts: it makes the words it passes on. */
export const WORDING_FILE = 'src/main/i18n/refuse.ts';

/** Where each refuser takes its words: the argument's index. */
const WORDS_ARGUMENT: Record<string, number> = { Refusal: 3, refusedAnswer: 2 };
const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

function isLiteralWithWords(node: ts.Expression): boolean {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return hasWords(node.text);
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].some(hasWords);
  if (ts.isConditionalExpression(node))
    return isLiteralWithWords(node.whenTrue) || isLiteralWithWords(node.whenFalse);
  if (ts.isParenthesizedExpression(node)) return isLiteralWithWords(node.expression);
  // A message joined from pieces ('…' + `…`) is a literal too.
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return isLiteralWithWords(node.left) || isLiteralWithWords(node.right);
  return false;
}

const isUndefined = (node: ts.Expression | undefined) =>
  node === undefined || (ts.isIdentifier(node) && node.text === 'undefined');

/** Each refusal of `text` (the file `file`) not worded from the catalogue: `file:line what`. */
export function refusalsWithoutWords(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  function visit(node: ts.Node): void {
    if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression)) {
      const wordsAt = WORDS_ARGUMENT[node.expression.text];
      const args = node.arguments ?? ts.factory.createNodeArray();
      const message = args[1];
      if (wordsAt !== undefined && message && isLiteralWithWords(message)) {
        found.push(`${at(message)} ${message.getText(source).slice(0, 80)}`);
      } else if (wordsAt !== undefined && file !== WORDING_FILE && isUndefined(args[wordsAt])) {
        found.push(`${at(node)} ${node.getText(source).slice(0, 80)} (no words)`);
      }
    }
    ts.forEachChild(node, visit);
  }
  visit(source);
  return found;
}
