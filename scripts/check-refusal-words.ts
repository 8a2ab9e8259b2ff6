// No refusal reason written in main as a literal, and none made without the catalogue's words (issue 33):
// scripts/refusal-words.ts says what is found. A file not converted yet would be listed with its count as a
// ceiling (scripts/refusal-words-ceilings.ts), which may only go down; the list is empty.
// Run by `npm run lint`; `-- --list` prints every refusal found.
import { readFileSync } from 'node:fs';
import { checkCeilings } from './literal-ceilings';
import { refusalsWithoutWords } from './refusal-words';
import { STILL_LITERAL_REFUSALS } from './refusal-words-ceilings';

checkCeilings({
  folder: 'src/main',
  extension: '.ts',
  literalsIn: (file) => refusalsWithoutWords(file, readFileSync(file, 'utf8')),
  ceilings: STILL_LITERAL_REFUSALS,
  ceilingsFile: 'scripts/refusal-words-ceilings.ts',
  literalWords:
    'refusals worded in the code or made without words; word them from the catalogues (main/i18n/refuse.ts)',
  heading: 'Refusal reasons not worded from the catalogues',
  summary: (files, total, listed) =>
    `refusal words: ${files} files, ${total} refusals without words left in the ${listed} files not converted yet`,
});
