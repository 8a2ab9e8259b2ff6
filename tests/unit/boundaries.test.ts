// The boundaries of docs/ARCHITECTURE.md are enforced by dependency-cruiser (.dependency-cruiser.cjs). This
// plants files that break them (in src/shared, the sandbox, src/node, main and the KYC pipeline) and checks
// the rules catch each, so a config change that silently stops enforcing one fails here.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');

type Violation = { from: string; to: string; rule: { name: string; severity: string } };

function cruise(files: string[]): Violation[] {
  const run = spawnSync(
    depcruise,
    [...files, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`depcruise failed (${run.status}): ${run.stderr}`);
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

/** Plants a file of these lines in a folder of src, cruises it (with `alongside`), and removes it. */
function plantProbe(
  folder: string,
  lines: string[],
  alongside: string[] = [],
): { probe: string; violations: Violation[] } {
  const probe = `src/${folder}/__boundary-probe-${process.pid}-${randomUUID().slice(0, 8)}.ts`;
  writeFileSync(path.join(root, probe), [...lines, ''].join('\n'));
  try {
    return { probe, violations: cruise([probe, ...alongside]) };
  } finally {
    rmSync(path.join(root, probe), { force: true });
  }
}

const summaryOf = (violations: Violation[]) =>
  violations.map((v) => ({ from: v.from, to: v.to, rule: v.rule.name, severity: v.rule.severity }));

describe('dependency boundaries', () => {
  it('reports Node built-ins, Node-only and main-process code imported from src/shared, and nothing in clean files', () => {
    const { probe, violations } = plantProbe(
      'shared',
      [
        "import { readFileSync } from 'node:fs';",
        "import { signBody } from '../node/sign';",
        "import { IpcFailure } from '../main/refusal';",
        'export const probe = [readFileSync, signBody, IpcFailure];',
      ],
      ['src/shared/money/amount.ts'],
    );
    expect(summaryOf(violations)).toEqual(
      expect.arrayContaining([
        { from: probe, to: 'fs', rule: 'shared-is-pure', severity: 'error' },
        {
          from: probe,
          to: 'src/node/sign.ts',
          rule: 'shared-no-electron-or-process-code',
          severity: 'error',
        },
        {
          from: probe,
          to: 'src/main/refusal.ts',
          rule: 'shared-no-electron-or-process-code',
          severity: 'error',
        },
      ]),
    );
    expect(violations.every((v) => v.from === probe)).toBe(true);
  });

  // A probe in `folder` importing `name` from `from`: the rule that must report it, and nothing else.
  const crossings: { folder: string; name: string; from: string; to: string; rule: string }[] = [
    {
      folder: 'sandbox',
      name: 'IpcFailure',
      from: '../main/refusal',
      to: 'src/main/refusal.ts',
      rule: 'sandbox-independent-of-app',
    },
    {
      folder: 'node',
      name: 'IpcFailure',
      from: '../main/refusal',
      to: 'src/main/refusal.ts',
      rule: 'node-below-the-processes',
    },
    {
      folder: 'notify',
      name: 'migrateTeamDb',
      from: '../main/team/team-migrations',
      to: 'src/main/team/team-migrations.ts',
      rule: 'notify-independent-of-app',
    },
    {
      folder: 'notify',
      name: 'startSandbox',
      from: '../sandbox/server',
      to: 'src/sandbox/server.ts',
      rule: 'notify-independent-of-app',
    },
    { folder: 'main', name: 'app', from: 'electron', to: 'electron', rule: 'electron-only-in-shell' },
    // Through the alias: the rules see the file it resolves to.
    {
      folder: 'main',
      name: 'loadPage',
      from: '@renderer/shell/lazy-pages',
      to: 'src/renderer/src/shell/lazy-pages.tsx',
      rule: 'main-not-renderer',
    },
    {
      folder: 'main/kyc/reading',
      name: 'normalizeRow',
      from: '../checking/normalize',
      to: 'src/main/kyc/checking/normalize.ts',
      rule: 'kyc-pipeline-one-way',
    },
    {
      folder: 'main/kyc/checking',
      name: 'openFile',
      from: '../worker/open-file',
      to: 'src/main/kyc/worker/open-file.ts',
      rule: 'kyc-pipeline-one-way',
    },
    {
      folder: 'main/kyc/worker',
      name: 'createKycBatches',
      from: '../batches',
      to: 'src/main/kyc/batches.ts',
      rule: 'kyc-worker-code-not-main-side',
    },
  ];
  it.each(crossings)('reports $rule: src/$folder importing $from', ({ folder, name, from, to, rule }) => {
    const { probe, violations } = plantProbe(folder, [
      `import { ${name} } from '${from}';`,
      `export const probe = ${name};`,
    ]);
    expect(
      summaryOf(violations).map((v) => ({
        ...v,
        to: v.to.includes('node_modules/electron/') ? 'electron' : v.to,
      })),
    ).toEqual([{ from: probe, to, rule, severity: 'error' }]);
  });
});
