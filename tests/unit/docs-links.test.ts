// A clone of the repository is all a reader has: README and the docs link only to files inside it, and the
// gateway's interface is read from docs/gateway-interface.md, never from a folder beside the checkout. Code cites
// docs/gateway-assumptions.md by id (`assumption A24`, `(A24)`), so every cited id must be a section there, with a
// rule short enough to read at a glance.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

function markdownFiles(dir: string): string[] {
  return filesUnder(dir, (name) => name.endsWith('.md'));
}

const documents = [
  join(root, 'README.md'),
  ...markdownFiles(join(root, 'docs')),
  ...markdownFiles(join(root, 'tests')),
];

/** Targets of `[text](target)` links that name a file: no scheme, no bare anchor. */
function localLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'));
}

describe('the documentation', () => {
  it('has the gateway interface inside the repository', () => {
    expect(readFileSync(join(root, 'docs/gateway-interface.md'), 'utf8')).toMatch(
      /^# Payment Pay-in and KYC/,
    );
  });

  it.each(documents.map((path) => [relative(root, path), path]))(
    '%s links only to files in the repository',
    (_name, path) => {
      const text = readFileSync(path, 'utf8');
      for (const target of localLinks(text)) {
        const file = resolve(dirname(path), decodeURI(target.split('#')[0] ?? ''));
        expect(relative(root, file).startsWith('..'), `${target} leaves the repository`).toBe(false);
        expect(existsSync(file), `${target} does not exist`).toBe(true);
      }
      expect(text).not.toMatch(/\.\.\/shared\/|\/work\/shared/);
    },
  );
});

/** Ids cited as `assumption A5`, `assumptions A11 and A22`, `assumptions A3, A7, A8` or `(A24)`, `(A1, A18)`. */
function citedAssumptions(text: string): string[] {
  const lists = [
    ...text.matchAll(/\bassumptions?\s+(A\d{1,2}(?:\s*(?:,|\/|and|–|-)\s*A\d{1,2})*)\b/gi),
    ...text.matchAll(/\((A\d{1,2}(?:,\s*A\d{1,2})*)\)/g),
  ];
  return lists.flatMap((match) => [...(match[1] ?? '').matchAll(/A\d{1,2}/g)].map((id) => id[0]));
}

describe('docs/gateway-assumptions.md', () => {
  const assumptions = readFileSync(join(root, 'docs/gateway-assumptions.md'), 'utf8');
  const sections = assumptions.split(/^(?=## )/m).filter((part) => /^## A\d+ — /.test(part));
  const ids = sections.map((section) => /^## (A\d+) — /.exec(section)?.[1] ?? '');

  it('has one section per id, A1 onwards, each with a short rule and what is not shown', () => {
    expect(ids.length).toBeGreaterThanOrEqual(36);
    expect(ids).toEqual(ids.map((_id, index) => `A${index + 1}`));
    for (const [index, section] of sections.entries()) {
      const id = ids[index];
      const rule = /^\*\*Rule:\*\* (.+)$/m.exec(section)?.[1];
      expect(rule, `${id} has no **Rule:** line`).toBeDefined();
      expect(rule?.length ?? 0, `${id}: the rule is too long to read at a glance`).toBeLessThanOrEqual(200);
      expect(section, `${id} does not say what is not shown`).toMatch(/^Not shown: /m);
    }
  });

  it('lists every section in its index, and every link inside it has a target', () => {
    const anchors = new Set([...assumptions.matchAll(/<a id="([^"]+)"><\/a>/g)].map((match) => match[1]));
    for (const id of ids) {
      expect(assumptions, `${id} is missing from the index`).toContain(`| [${id}](#${id.toLowerCase()}) |`);
      expect(anchors.has(id.toLowerCase()), `${id} has no anchor`).toBe(true);
    }
    for (const [, target] of assumptions.matchAll(/\]\(#([^)]+)\)/g)) {
      expect(anchors.has(target), `#${target} leads nowhere`).toBe(true);
    }
  });

  it('has a section for every assumption that src/ and tests/ cite', () => {
    const sources = ['src', 'tests'].flatMap((dir) =>
      filesUnder(join(root, dir), (name) => /\.(ts|tsx|mts|mjs|js|md)$/.test(name)),
    );
    const cited = sources.flatMap((path) =>
      citedAssumptions(readFileSync(path, 'utf8')).map((id) => ({ id, file: relative(root, path) })),
    );
    expect(cited.length).toBeGreaterThan(50);
    const unknown = cited.filter(({ id }) => !ids.includes(id)).map(({ id, file }) => `${file}: ${id}`);
    expect(unknown).toEqual([]);
  });
});

/** Repository paths a comment names (`src/…`, `tests/…`, `docs/…`, `scripts/…`, `bench/…`), globs left out. */
function pathsInComments(source: string): string[] {
  const found: string[] = [];
  for (const line of source.split('\n')) {
    const text = line.trim();
    if (!text.startsWith('//') && !text.startsWith('*') && !text.startsWith('/*')) continue;
    for (const match of text.matchAll(/(?<![\w/.-])((?:src|tests|docs|scripts|bench)\/[\w./-]*\w)/g)) {
      if (!match[1]?.includes('*')) found.push(match[1] ?? '');
    }
  }
  return found;
}

describe('the code’s comments', () => {
  const sources = ['src', 'tests', 'scripts', 'bench'].flatMap((dir) =>
    filesUnder(join(root, dir), (name) => /\.(ts|tsx|cjs|mjs)$/.test(name)),
  );

  it('name only files and folders that exist in the repository, and nothing beside the checkout', () => {
    const stale: string[] = [];
    for (const path of sources) {
      const source = readFileSync(path, 'utf8');
      for (const named of pathsInComments(source)) {
        if (!existsSync(join(root, named))) stale.push(`${relative(root, path)}: ${named}`);
      }
      if (/\/work\/shared|\.\.\/shared\/gateway-interface/.test(source)) {
        stale.push(`${relative(root, path)}: a path beside the checkout`);
      }
    }
    expect(sources.length).toBeGreaterThan(300);
    expect(stale).toEqual([]);
  });
});
