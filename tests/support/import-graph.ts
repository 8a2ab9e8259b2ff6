// The repository's import graph, read from the sources' import lines (static, dynamic, and `export … from`)
// and the paths of the files they start as processes:
// which test reaches which module, directly or through the modules it imports. The test map's check
// (tests/unit/test-map.test.ts) uses it to prove each listed test really exercises its module.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

const ALIASES: Record<string, string> = {
  '@shared/': 'src/shared/',
  '@renderer/': 'src/renderer/src/',
};

export function sourceFilesUnder(dir: string): string[] {
  const absolute = join(REPO_ROOT, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFilesUnder(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The repository file an import specifier names, from the importing file; undefined for a package. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  let base: string | undefined;
  for (const [alias, target] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) base = join(target, specifier.slice(alias.length));
  }
  if (base === undefined && specifier.startsWith('.')) base = join(dirname(from), specifier);
  if (base === undefined) return undefined;
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    base.replace(/\.js$/, '.ts'),
  ];
  return candidates
    .map((candidate) => relative(REPO_ROOT, resolve(REPO_ROOT, candidate)))
    .find((candidate) => /\.(ts|tsx)$/.test(candidate) && existsSync(join(REPO_ROOT, candidate)));
}

/**
 * The repository files one file imports, or names by their whole path: a test helper that starts
 * `src/notify/main.ts` as a child process (and says so) reaches it as surely as an import.
 */
function importsOf(file: string): string[] {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8');
  const started = [...text.matchAll(/['"`]((?:src|tests|bench)\/[\w./-]+\.tsx?)['"`]/g)]
    .map((match) => match[1] ?? '')
    .filter((path) => existsSync(join(REPO_ROOT, path)));
  const specifiers = [
    ...text.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] ?? '');
  return [
    ...new Set([...specifiers.flatMap((specifier) => resolveSpecifier(file, specifier) ?? []), ...started]),
  ];
}

/** Every file `file` reaches through imports, itself included. */
export function reachedFrom(file: string, cache = new Map<string, string[]>()): Set<string> {
  const seen = new Set<string>([file]);
  const queue = [file];
  while (queue.length > 0) {
    const next = queue.pop()!;
    let imports = cache.get(next);
    if (!imports) {
      imports = importsOf(next);
      cache.set(next, imports);
    }
    for (const imported of imports) {
      if (!seen.has(imported)) {
        seen.add(imported);
        queue.push(imported);
      }
    }
  }
  return seen;
}
