// No refusal reason written in main as a literal (issue 33): a refusal a person reads is worded from the
// catalogues (main/i18n/refuse.ts: its key and values go with it, and the renderer says it in the reader's
// language). Found with TypeScript's parser: a string or template with words as the message of
// `new Refusal(…)` or `refusedAnswer(…)`. Most of main's refusals are still English: the files not converted
// yet are listed with their count as a ceiling (scripts/refusal-words-ceilings.ts), which may only go down.
// Run by `npm run lint`; `-- --list` prints every literal found.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { checkCeilings } from './literal-ceilings';
import { STILL_LITERAL_REFUSALS } from './refusal-words-ceilings';

const REFUSERS = new Set(['Refusal', 'refusedAnswer']);
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

function literalRefusalsIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  function visit(node: ts.Node): void {
    if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression)) {
      const message = node.arguments?.[1];
      if (REFUSERS.has(node.expression.text) && message && isLiteralWithWords(message)) {
        const line = source.getLineAndCharacterOfPosition(message.getStart()).line + 1;
        found.push(`${file}:${line} ${message.getText(source).slice(0, 80)}`);
      }
    }
    ts.forEachChild(node, visit);
  }
  visit(source);
  return found;
}

checkCeilings({
  folder: 'src/main',
  extension: '.ts',
  literalsIn: literalRefusalsIn,
  ceilings: STILL_LITERAL_REFUSALS,
  ceilingsFile: 'scripts/refusal-words-ceilings.ts',
  literalWords: 'refusals worded in the code; word them from the catalogues (main/i18n/refuse.ts)',
  heading: 'Refusal reasons written as literals',
  summary: (files, total, listed) =>
    `refusal words: ${files} files, ${total} literal refusals left in the ${listed} files not converted yet`,
});
