// A clone of the repository is all a reader has: README and the docs link only to files inside it, and the
// gateway's interface is read from docs/gateway-interface.md, never from a folder beside the checkout.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
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
