// Findable tests (issue 34, item 5): every module that decides money or writes a record — the modules of
// src/main/payin, src/main/history, src/shared/gateway, src/shared/money and src/notify — has a test file of
// its own name, or a line in tests/README.md's map saying where its behaviour is tested. The map is checked
// for truth too: each module it names exists, each test it names exists, and each module of a line is reached
// by one of that line's unit, integration or fault tests, through imports (or a helper that names the file
// it starts as a process).
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, reachedFrom, sourceFilesUnder } from '../support/import-graph';

const MAPPED_FOLDERS = [
  'src/main/payin',
  'src/main/history',
  'src/shared/gateway',
  'src/shared/money',
  'src/notify',
];

interface MapLine {
  modules: string[];
  tests: string[];
  text: string;
}

/** The table under "## The modules that decide money…" in tests/README.md. */
function readMap(): MapLine[] {
  const readme = readFileSync(join(REPO_ROOT, 'tests/README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('The modules that decide money'));
  if (!section) throw new Error('tests/README.md has no section "The modules that decide money…"');
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [moduleCell = '', , testCell = ''] = line.split('|').slice(1);
      let folder = '';
      const modules = [...moduleCell.matchAll(/`([^`]+)`/g)].map(([, name = '']) => {
        // "send-and-record.ts" or "row-table/columns.ts" after "src/main/payin/submit.ts": that folder's.
        if (!name.startsWith('src/')) return `${folder}${name}`;
        folder = name.endsWith('/') ? name : `${dirname(name)}/`;
        return name;
      });
      const tests = [...testCell.matchAll(/`([^`]+)`/g)].map(([, name = '']) => `tests/${name}`);
      return { modules, tests, text: line.slice(0, 80) };
    });
}

/** The modules a map entry names: a file, or every module of a folder ("src/notify/"). */
function modulesOf(entry: string): string[] {
  return entry.endsWith('/') ? sourceFilesUnder(entry.slice(0, -1)) : [entry];
}

const testFiles = sourceFilesUnder('tests').filter((file) => /\.(test|spec|drill)\.tsx?$/.test(file));
const testNames = new Set(testFiles.map((file) => basename(file).replace(/\.(test|spec|drill)\.tsx?$/, '')));

describe('the test map (tests/README.md)', () => {
  const map = readMap();

  it('names only modules and tests that exist', () => {
    const missing = map.flatMap((line) =>
      [...line.modules, ...line.tests].filter((path) => !existsSync(join(REPO_ROOT, path))),
    );
    expect(map.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('has, for every module of a line, a test of that line that reaches it through imports', () => {
    const cache = new Map<string, string[]>();
    const unreached: string[] = [];
    for (const line of map) {
      // Browser flows and drills reach the code through a built app or a child process, not by import.
      const importing = line.tests.filter((test) =>
        /^tests\/(unit|integration|faults|renderer|doubles)\//.test(test),
      );
      if (importing.length === 0) continue;
      const reached = importing.map((test) => reachedFrom(test, cache));
      for (const module of line.modules.flatMap(modulesOf)) {
        if (!reached.some((set) => set.has(module))) unreached.push(`${module} (${line.text}…)`);
      }
    }
    expect(unreached).toEqual([]);
  });

  it('covers every module that decides money or writes a record that has no test of its own name', () => {
    const mapped = new Set(map.flatMap((line) => line.modules.flatMap(modulesOf)));
    const unfindable = MAPPED_FOLDERS.flatMap(sourceFilesUnder).filter(
      (module) => !testNames.has(basename(module).replace(/\.tsx?$/, '')) && !mapped.has(module),
    );
    expect(unfindable).toEqual([]);
  });
});
