// npm start / dev / dist go through scripts/electron-launch.ts, which has Electron's own installer fetch the
// binary first. Both ways it can end are run for real: Electron's installer failing against a mirror that
// refuses connections (a copy of the electron package as npm installs it: no binary yet), and, with
// ELECTRON_OVERRIDE_DIST_PATH pointing at a fake executable that records how it was started, `npm start`
// building the app and electron-vite launching that executable on it (and `npm run dev`, on its dev server).
// `npm run dist` shares the binary step; its packaging needs the real binary and cannot run here.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { packageBin, packageDir } from '../../scripts/package-bin';
import { PROJECT_ROOT } from '../support/boot/build';

const LAUNCHER = join(PROJECT_ROOT, 'scripts', 'electron-launch.ts');
const electronVersion = (
  JSON.parse(readFileSync(join(packageDir(PROJECT_ROOT, 'electron'), 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
const scratch = mkdtempSync(join(tmpdir(), 'paydesk-launch-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The caller's environment without anything that steers Electron's download or the npm config. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/electron|^npm_/i.test(key)),
  ) as NodeJS.ProcessEnv;
  return { ...env, ...extra };
}

async function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  // The tools colour their output when the environment asks for it (CI sets FORCE_COLOR): read it as text.
  return { code, stdout: stripVTControlCharacters(stdout), stderr: stripVTControlCharacters(stderr) };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** A project folder with the electron package as npm leaves it: its scripts, no binary, no path.txt. */
function freshInstall(): string {
  const project = mkdtempSync(join(scratch, 'project-'));
  const electron = packageDir(PROJECT_ROOT, 'electron');
  const copy = join(project, 'node_modules', 'electron');
  mkdirSync(copy, { recursive: true });
  for (const file of ['package.json', 'index.js', 'install.js', 'cli.js', 'checksums.json']) {
    cpSync(join(electron, file), join(copy, file));
  }
  // The installer's own dependencies (@electron/get), where npm would have put them.
  symlinkSync(
    realpathSync(join(PROJECT_ROOT, 'node_modules', '@electron')),
    join(project, 'node_modules', '@electron'),
  );
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fresh', private: true }));
  return project;
}

describe('npm start, dev and dist without the Electron binary', () => {
  for (const mode of ['start', 'dev', 'dist'] as const) {
    it(`${mode}: Electron's installer fails, and one paragraph says what failed and the two ways on`, async () => {
      const project = freshInstall();
      const mirror = `http://127.0.0.1:${await closedPort()}/`;
      const cache = mkdtempSync(join(scratch, 'cache-'));
      const { code, stdout, stderr } = await run(
        process.execPath,
        [packageBin(PROJECT_ROOT, 'tsx'), LAUNCHER, mode],
        project,
        cleanEnv({ ELECTRON_MIRROR: mirror, electron_config_cache: cache, HOME: project }),
      );
      expect(code).toBe(1);
      expect(stdout).toContain(`Electron ${electronVersion} is not installed yet`);
      const paragraph = stderr.trim();
      const flat = paragraph.replaceAll('\n', ' ');
      const command = mode === 'start' ? 'npm start' : `npm run ${mode}`;
      expect(paragraph).toMatch(
        new RegExp(`^Paydesk cannot run \`${command}\`: Electron ${electronVersion}`),
      );
      expect(flat).toContain(
        `could not download it from ELECTRON_MIRROR=${mirror} (TypeError: fetch failed)`,
      );
      for (const wayOn of [
        'ELECTRON_OVERRIDE_DIST_PATH',
        'ELECTRON_MIRROR',
        'npm run build && npm run web -- --ephemeral',
      ]) {
        expect(flat).toContain(wayOn);
      }
      // One paragraph: no blank line, no stack trace.
      expect(paragraph).not.toMatch(/\n\s*\n|^\s+at /m);
      // Nothing half-installed is left, and nothing was built.
      expect(existsSync(join(project, 'node_modules', 'electron', 'path.txt'))).toBe(false);
      expect(existsSync(join(project, 'node_modules', 'electron', 'dist'))).toBe(false);
      expect(existsSync(join(project, 'out'))).toBe(false);
    });
  }

  it('an ELECTRON_OVERRIDE_DIST_PATH without an executable is named as such', async () => {
    const empty = mkdtempSync(join(scratch, 'override-'));
    const { code, stderr } = await run(
      process.execPath,
      [packageBin(PROJECT_ROOT, 'tsx'), LAUNCHER, 'start'],
      freshInstall(),
      cleanEnv({ ELECTRON_OVERRIDE_DIST_PATH: empty }),
    );
    expect(code).toBe(1);
    expect(stderr.replaceAll('\n', ' ')).toContain(
      `ELECTRON_OVERRIDE_DIST_PATH is ${empty}, but there is no Electron executable at ${join(empty, 'electron')}`,
    );
  });
});

/** An `electron` that writes where and how it was started (cwd, ELECTRON_RENDERER_URL, argv), one per line. */
function fakeElectron(): { dist: string; record: string } {
  const dist = mkdtempSync(join(scratch, 'electron-dist-'));
  const record = join(dist, 'started.txt');
  // Electron's index.js names the executable 'electron' under the override folder when path.txt is absent.
  const executable = join(dist, 'electron');
  writeFileSync(
    executable,
    `#!/bin/sh\n{ pwd; echo "$ELECTRON_RENDERER_URL"; for arg in "$@"; do echo "$arg"; done; } > '${record}'\n`,
  );
  chmodSync(executable, 0o755);
  return { dist, record };
}

describe('with ELECTRON_OVERRIDE_DIST_PATH', () => {
  it('npm start builds the app and has electron-vite start that executable on it, downloading nothing', async () => {
    const fake = fakeElectron();
    const { code, stdout, stderr } = await run(
      'npm',
      ['start'],
      PROJECT_ROOT,
      cleanEnv({
        ELECTRON_OVERRIDE_DIST_PATH: fake.dist,
        // Were the installer run anyway, it would fail here, and so would the command.
        ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/`,
      }),
    );
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    expect(stdout).not.toContain('not installed');
    expect(stdout).toContain('starting electron app');
    // Started in the project's root on '.', Electron loads package.json's main: the bundle just built.
    const [cwd, rendererUrl, ...argv] = readFileSync(fake.record, 'utf8').trimEnd().split('\n');
    expect(cwd).toBe(PROJECT_ROOT);
    expect(rendererUrl).toBe('');
    expect(argv).toEqual(['.']);
    const { main } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { main: string };
    expect(existsSync(join(PROJECT_ROOT, main))).toBe(true);
  });

  it('npm run dev starts the renderer dev server, then the executable pointed at it', async () => {
    const fake = fakeElectron();
    const { code, stdout, stderr } = await run(
      'npm',
      ['run', 'dev'],
      PROJECT_ROOT,
      cleanEnv({
        ELECTRON_OVERRIDE_DIST_PATH: fake.dist,
        ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/`,
      }),
    );
    // The fake ends at once, and electron-vite's dev server ends with it.
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    const [cwd, rendererUrl, ...argv] = readFileSync(fake.record, 'utf8').trimEnd().split('\n');
    expect(cwd).toBe(PROJECT_ROOT);
    expect(rendererUrl).toMatch(/^http:\/\/localhost:\d+$/);
    expect(stdout).toContain(rendererUrl);
    expect(argv).toEqual(['.']);
  });
});
