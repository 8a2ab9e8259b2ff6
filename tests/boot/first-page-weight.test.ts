// What the pay-in page, the one an agent opens first, loads before it can be used: the renderer's entry and
// the chunks it imports statically, read from the built bundle. zod (the schemas a send is checked with)
// and libphonenumber's calling-code data come later, by dynamic import; a value imported from a module that
// builds a zod schema when it loads brought both back once (docs/BENCHMARKS.md, bench:ui). Each is
// recognised by a text only it carries, which minifying keeps.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOT_TEST_OUT_DIR, builtApp } from '../support/boot/build';

const assets = join(builtApp(BOOT_TEST_OUT_DIR).rendererDir, 'assets');
const read = (file: string) => readFileSync(join(assets, file), 'utf8');

/** The entry chunk and every chunk reached from it through static imports (not `import()`). */
function chunksAtStart(): string[] {
  const entry = readdirSync(assets).find((file) => /^index-.*\.js$/.test(file));
  if (!entry) throw new Error(`No entry chunk in ${assets}`);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of read(file).matchAll(
      /(?:^|[;}\n])\s*import\s*(?:[\w${},\s]*from\s*)?["']\.\/([^"']+\.js)["']/g,
    )) {
      visit(match[1]!);
    }
  };
  visit(entry);
  return [...seen];
}

describe('the first page', () => {
  const atStart = chunksAtStart();
  const text = atStart.map(read).join('\n');

  it('is a few chunks, the others left to dynamic imports', () => {
    expect(atStart.length).toBeGreaterThanOrEqual(1);
    expect(readdirSync(assets).filter((file) => file.endsWith('.js')).length).toBeGreaterThan(atStart.length);
  });

  it('loads no zod', () => {
    const zodChunk = readdirSync(assets).find(
      (file) => file.endsWith('.js') && read(file).includes('Invalid input'),
    );
    expect(zodChunk, 'zod is in the build').toBeDefined();
    expect(text).not.toContain('Invalid input');
  });

  it('loads no libphonenumber data', () => {
    expect(text).not.toContain('country_calling_codes');
  });
});
