// The ceilings of the words not yet in the catalogues (issue 33): each listed file may keep at most its count
// of literals, may only go down, and leaves its list at 0; a file not listed may have none. Shared by
// check-ui-strings.ts (JSX) and check-refusal-words.ts (main's refusals). Prints the summary or exits 1.
import { execFileSync } from 'node:child_process';

export function checkCeilings(check: {
  /** The folder the files are listed from (git's tracked and untracked-not-ignored files). */
  folder: string;
  /** The files' endings (`.tsx`, or several). */
  extension: string | readonly string[];
  literalsIn: (file: string) => string[];
  ceilings: Record<string, number>;
  /** The ceilings' file, named in the problems. */
  ceilingsFile: string;
  /** What a literal is and where its words belong, for the problem line. */
  literalWords: string;
  heading: string;
  summary: (files: number, total: number, listed: number) => string;
}): void {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', check.folder], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => [check.extension].flat().some((ending) => file.endsWith(ending)));
  const problems: string[] = [];
  let total = 0;
  for (const file of files) {
    let literals: string[];
    try {
      literals = check.literalsIn(file);
    } catch {
      continue; // listed by git, deleted in the work tree
    }
    total += literals.length;
    if (process.argv.includes('--list')) for (const literal of literals) console.log(literal);
    const ceiling = check.ceilings[file] ?? 0;
    if (literals.length > ceiling) {
      problems.push(
        `${file}: ${literals.length} ${check.literalWords}, at most ${ceiling}:\n    ${literals.join('\n    ')}`,
      );
    } else if (check.ceilings[file] !== undefined && literals.length < ceiling) {
      problems.push(`${file}: ${literals.length} now: lower its ceiling in ${check.ceilingsFile}`);
    }
  }
  for (const [file, ceiling] of Object.entries(check.ceilings)) {
    if (!files.includes(file)) problems.push(`${file} is gone: take it off ${check.ceilingsFile}`);
    else if (ceiling === 0) problems.push(`${file}: converted; take it off ${check.ceilingsFile}`);
  }
  if (problems.length > 0) {
    console.error(`${check.heading}:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(check.summary(files.length, total, Object.keys(check.ceilings).length));
}
