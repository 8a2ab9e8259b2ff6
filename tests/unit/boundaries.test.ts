// The process boundaries of DESIGN.md are enforced by dependency-cruiser (.dependency-cruiser.cjs). This
// plants a file under src/shared that breaks them and checks the rules catch it, so a config change that
// silently stops enforcing them fails here.
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

describe('dependency boundaries', () => {
  it('reports Node built-ins and main-process code imported from src/shared, and nothing in clean files', () => {
    const probe = `src/shared/__boundary-probe-${process.pid}-${randomUUID().slice(0, 8)}.ts`;
    writeFileSync(
      path.join(root, probe),
      [
        "import { readFileSync } from 'node:fs';",
        "import { signBody } from '../main/gateway/sign';",
        'export const probe = [readFileSync, signBody];',
        '',
      ].join('\n'),
    );
    let violations: Violation[];
    try {
      violations = cruise([probe, 'src/shared/money/amount.ts']);
    } finally {
      rmSync(path.join(root, probe), { force: true });
    }
    const summary = violations.map((v) => ({
      from: v.from,
      to: v.to,
      rule: v.rule.name,
      severity: v.rule.severity,
    }));
    expect(summary).toEqual(
      expect.arrayContaining([
        { from: probe, to: 'fs', rule: 'shared-is-pure', severity: 'error' },
        {
          from: probe,
          to: 'src/main/gateway/sign.ts',
          rule: 'shared-no-electron-or-process-code',
          severity: 'error',
        },
      ]),
    );
    expect(violations.every((v) => v.from === probe)).toBe(true);
  });
});
