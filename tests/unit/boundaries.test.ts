// The boundaries of docs/ARCHITECTURE.md are enforced by dependency-cruiser (.dependency-cruiser.cjs). This
// plants files that break them (in every tier of src, the renderer's features and tests/boot/child) and
// checks the rules catch each, so a config change that silently stops enforcing one fails here; and a rule
// added to the config without a probe here fails too.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

const probeName = () => `__boundary-probe-${process.pid}-${randomUUID().slice(0, 8)}`;

/**
 * Plants these files (paths from the repository's root; a missing folder is made, and removed after),
 * cruises them (with `alongside`), and removes them.
 */
function plantFiles(files: { file: string; lines: string[] }[], alongside: string[] = []): Violation[] {
  const made: string[] = [];
  try {
    for (const { file, lines } of files) {
      const folder = path.join(root, path.dirname(file));
      if (!existsSync(folder)) {
        mkdirSync(folder, { recursive: true });
        made.push(folder);
      }
      writeFileSync(path.join(root, file), [...lines, ''].join('\n'));
    }
    return cruise([...files.map(({ file }) => file), ...alongside]);
  } finally {
    for (const { file } of files) rmSync(path.join(root, file), { force: true });
    for (const folder of made) rmSync(folder, { recursive: true, force: true });
  }
}

/** Plants a file of these lines in a folder of the repository, cruises it (with `alongside`), and removes it. */
function plantProbe(
  folder: string,
  lines: string[],
  alongside: string[] = [],
): { probe: string; violations: Violation[] } {
  const probe = `${folder}/${probeName()}.ts`;
  return { probe, violations: plantFiles([{ file: probe, lines }], alongside) };
}

const summaryOf = (violations: Violation[]) =>
  violations.map((v) => ({ from: v.from, to: v.to, rule: v.rule.name, severity: v.rule.severity }));

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as {
  forbidden: { name: string; to: { pathNot?: string[] } }[];
};
const SHARED_RULES = ['shared-is-pure', 'shared-no-electron-or-process-code'] as const;
const CYCLE_RULE = 'no-circular';

describe('dependency boundaries', () => {
  it('reports Node built-ins, Node-only and main-process code imported from src/shared, and nothing in clean files', () => {
    const { probe, violations } = plantProbe(
      'src/shared',
      [
        "import { readFileSync } from 'node:fs';",
        "import { signBody } from '../node/sign';",
        "import { Refusal } from '../main/refusal';",
        'export const probe = [readFileSync, signBody, Refusal];',
      ],
      ['src/shared/money/amount.ts'],
    );
    expect(summaryOf(violations)).toEqual(
      expect.arrayContaining([
        { from: probe, to: 'fs', rule: SHARED_RULES[0], severity: 'error' },
        { from: probe, to: 'src/node/sign.ts', rule: SHARED_RULES[1], severity: 'error' },
        { from: probe, to: 'src/main/refusal.ts', rule: SHARED_RULES[1], severity: 'error' },
      ]),
    );
    expect(violations.every((v) => v.from === probe)).toBe(true);
  });

  // A probe in `folder` importing `name` from `from`: the rule that must report it, and nothing else.
  const crossings: { folder: string; name: string; from: string; to: string; rule: string }[] = [
    {
      folder: 'src/sandbox',
      name: 'Refusal',
      from: '../main/refusal',
      to: 'src/main/refusal.ts',
      rule: 'sandbox-independent-of-app',
    },
    {
      folder: 'src/node',
      name: 'Refusal',
      from: '../main/refusal',
      to: 'src/main/refusal.ts',
      rule: 'node-below-the-processes',
    },
    {
      folder: 'src/notify',
      name: 'migrateTeamDb',
      from: '../main/team/team-migrations',
      to: 'src/main/team/team-migrations.ts',
      rule: 'notify-independent-of-app',
    },
    {
      folder: 'src/notify',
      name: 'startSandbox',
      from: '../sandbox/server',
      to: 'src/sandbox/server.ts',
      rule: 'notify-independent-of-app',
    },
    { folder: 'src/main', name: 'app', from: 'electron', to: 'electron', rule: 'electron-only-in-shell' },
    // Through the alias: the rules see the file it resolves to.
    {
      folder: 'src/main',
      name: 'loadPage',
      from: '@renderer/shell/lazy-pages',
      to: 'src/renderer/src/shell/lazy-pages.tsx',
      rule: 'main-not-renderer',
    },
    {
      folder: 'src/main/kyc/reading',
      name: 'normalizeRow',
      from: '../checking/normalize',
      to: 'src/main/kyc/checking/normalize.ts',
      rule: 'kyc-pipeline-one-way',
    },
    {
      folder: 'src/main/kyc/checking',
      name: 'openFile',
      from: '../worker/open-file',
      to: 'src/main/kyc/worker/open-file.ts',
      rule: 'kyc-pipeline-one-way',
    },
    {
      folder: 'src/main/kyc/worker',
      name: 'createKycBatches',
      from: '../batches',
      to: 'src/main/kyc/batches.ts',
      rule: 'kyc-worker-code-not-main-side',
    },
    {
      folder: 'src/renderer/src/lib',
      name: 'Refusal',
      from: '../../../main/refusal',
      to: 'src/main/refusal.ts',
      rule: 'renderer-not-main-or-sandbox',
    },
    {
      folder: 'src/renderer/src/lib',
      name: 'readFileSync',
      from: 'node:fs',
      to: 'fs',
      rule: 'renderer-no-node-builtins',
    },
    {
      folder: 'src/renderer/src/lib',
      name: 'usePayInStore',
      from: '../features/payin/store',
      to: 'src/renderer/src/features/payin/store.ts',
      rule: 'renderer-lib-below-features',
    },
    {
      folder: 'src/renderer/src/features/history',
      name: 'useKycStore',
      from: '../kyc/store',
      to: 'src/renderer/src/features/kyc/store.ts',
      rule: 'renderer-features-apart',
    },
    // The shell is on top: no feature imports it (it preloads the features' lazy parts, not the reverse).
    {
      folder: 'src/renderer/src/features/payin',
      name: 'LAZY_PARTS',
      from: '@renderer/shell/lazy-parts',
      to: 'src/renderer/src/shell/lazy-parts.tsx',
      rule: 'renderer-features-apart',
    },
    // History's drawer reopens a bank page through lib/payin-actions.ts, not the pay-in store.
    {
      folder: 'src/renderer/src/features/history',
      name: 'usePayInStore',
      from: '../payin/store',
      to: 'src/renderer/src/features/payin/store.ts',
      rule: 'renderer-features-apart',
    },
    // A feature the rule's table does not list may import no other feature either.
    {
      folder: 'src/renderer/src/features/boundary-probe-feature',
      name: 'useKycStore',
      from: '../kyc/store',
      to: 'src/renderer/src/features/kyc/store.ts',
      rule: 'renderer-features-apart',
    },
    {
      folder: 'tests/boot/child',
      name: 'AMOUNT_MAX_LENGTH',
      from: '../../../src/shared/money/amount.ts',
      to: 'src/shared/money/amount.ts',
      rule: 'boot-child-runs-unbundled',
    },
    {
      folder: 'tests/boot/child',
      name: 'app',
      from: 'electron',
      to: 'electron',
      rule: 'boot-child-electron-types-only',
    },
  ];
  it.each(crossings)('reports $rule: $folder importing $from', ({ folder, name, from, to, rule }) => {
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

  it('lets a feature import what the features share from lib/, and its own files', () => {
    const { violations } = plantProbe('src/renderer/src/features/history', [
      "import { useSettingsStore } from '../../lib/settings-store';",
      "import { AskAgainPanel } from '../../lib/AskAgainPanel';",
      "import { ReceiptButton } from '../../lib/receipt/ReceiptButton';",
      "import { useHistoryStore } from './store';",
      'export const probe = [useSettingsStore, AskAgainPanel, ReceiptButton, useHistoryStore];',
    ]);
    expect(summaryOf(violations)).toEqual([]);
  });

  it(`reports ${CYCLE_RULE}: two files importing each other`, () => {
    const [first, second] = [`src/shared/${probeName()}`, `src/shared/${probeName()}`];
    const importOf = (file: string) => `import { probe as other } from './${path.basename(file)}';`;
    const violations = plantFiles([
      { file: `${first}.ts`, lines: [importOf(second), 'export const probe = () => other;'] },
      { file: `${second}.ts`, lines: [importOf(first), 'export const probe = () => other;'] },
    ]);
    // The cycle is reported once, on the edge where the cruise found it closing.
    expect(violations.map((v) => [v.from, v.to].sort())).toEqual([[`${first}.ts`, `${second}.ts`].sort()]);
    expect(violations.every((v) => v.rule.name === CYCLE_RULE)).toBe(true);
  });

  it('has a probe for every rule of the config', () => {
    const probed = new Set([...SHARED_RULES, ...crossings.map(({ rule }) => rule), CYCLE_RULE]);
    expect(config.forbidden.map(({ name }) => name).filter((name) => !probed.has(name))).toEqual([]);
  });

  it("allows features only files that exist (a moved file's edge would allow nothing and hide nothing)", () => {
    const allowed = config.forbidden
      .filter(({ name }) => name === 'renderer-features-apart')
      .flatMap(({ to }) => to.pathNot ?? [])
      .filter((pattern) => pattern.endsWith('$'))
      .map((pattern) => pattern.slice(1, -1).replace(/\\(.)/g, '$1'));
    expect(allowed.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
    // What features share belongs in lib/: at most 3 edges between features in all (issue 34, item 3).
    expect(allowed.length).toBeLessThanOrEqual(3);
  });
});
