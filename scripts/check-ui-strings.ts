// No literal words a person reads in the renderer (issue 33): they come from the catalogues
// (src/renderer/src/i18n). The rules are ui-strings-rule.ts's: literal text in JSX and the attributes read
// or heard, what is handed to a function that says it, and any literal phrase in a .ts or .tsx file.
// Most of the renderer is still English: the files not converted yet are listed with their count of literals
// as a ceiling, like check-file-lengths.ts's: each may only go down, a file leaves the list at 0, and a file
// not listed may have none. Run by `npm run lint`; `-- --list` prints every literal found.
import { readFileSync } from 'node:fs';
import { checkCeilings } from './literal-ceilings';
import { STILL_LITERAL } from './ui-strings-ceilings';
import { literalsInSource } from './ui-strings-rule';

function literalsIn(file: string): string[] {
  return literalsInSource(file, readFileSync(file, 'utf8'));
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
