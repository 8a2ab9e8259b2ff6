// The file behind an installed package's command (its package.json "bin"), found the way Node finds the
// package from `fromDir`: run with the current Node rather than through npx or a .bin shim, which costs a
// process and differs between Unix and Windows. Packages that limit their "exports" hide these files from
// require.resolve, so the package folder is looked up directly.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export function packageDir(fromDir: string, name: string): string {
  const searched = createRequire(join(fromDir, 'package.json')).resolve.paths(name) ?? [];
  for (const folder of searched) {
    if (existsSync(join(folder, name, 'package.json'))) return join(folder, name);
  }
  throw new Error(`${name} is not installed (looked in ${searched.join(', ')}): run npm install`);
}

export function packageBin(fromDir: string, name: string, command = name): string {
  const folder = packageDir(fromDir, name);
  const { bin } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
    bin?: string | Record<string, string>;
  };
  const file = typeof bin === 'string' ? bin : bin?.[command];
  if (!file) throw new Error(`${name} has no command ${command}`);
  return join(folder, file);
}
