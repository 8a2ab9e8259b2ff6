// Makes sure Electron's binary is there before electron-vite or electron-builder needs it. Electron 45 no
// longer downloads it at `npm install`: its package fetches it on first use, through its own installer
// (node_modules/electron/install.js, the `install-electron` command), while electron-vite only looks for
// node_modules/electron/path.txt and throws "Electron uninstall". So this runs Electron's installer itself —
// never a copy of its download logic — and asks Electron's own index.js where the executable is, which
// honours ELECTRON_OVERRIDE_DIST_PATH (then nothing is downloaded). When the binary cannot be had, it says
// what failed and the two ways on, in one paragraph.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageDir } from './package-bin';

export type ElectronBinary =
  | { ok: true; executable: string; version: string; overridden: boolean }
  | { ok: false; problem: string; version: string };

export function ensureElectronBinary(projectRoot: string, log: (line: string) => void): ElectronBinary {
  const electronDir = packageDir(projectRoot, 'electron');
  const { version } = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!override) {
    if (!existsSync(join(electronDir, 'path.txt'))) {
      log(
        `Electron ${version} is not installed yet: Electron's installer downloads it now (once, about 100 MB).`,
      );
    }
    const installer = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
      cwd: electronDir,
      stdio: ['ignore', 'inherit', 'pipe'],
      encoding: 'utf8',
    });
    if (installer.status !== 0) {
      const source = process.env.ELECTRON_MIRROR
        ? `ELECTRON_MIRROR=${process.env.ELECTRON_MIRROR}`
        : 'GitHub';
      return {
        ok: false,
        version,
        problem: `Electron ${version} is not installed, and Electron's installer could not download it from ${source} (${installerError(installer.stderr, installer.error)})`,
      };
    }
  }
  let executable: string;
  try {
    // Electron's own answer: dist/<path.txt>, or the same file name under ELECTRON_OVERRIDE_DIST_PATH.
    executable = createRequire(join(projectRoot, 'package.json'))(electronDir) as string;
  } catch (error) {
    return {
      ok: false,
      version,
      problem: `Electron ${version} could not be found (${firstLine(String(error))})`,
    };
  }
  if (!existsSync(executable)) {
    return {
      ok: false,
      version,
      problem: override
        ? `ELECTRON_OVERRIDE_DIST_PATH is ${override}, but there is no Electron executable at ${executable}`
        : `Electron's installer finished, but there is no executable at ${executable}`,
    };
  }
  return { ok: true, executable, version, overridden: Boolean(override) };
}

/** What the installer said went wrong: the message of the error it printed, not its stack. */
function installerError(stderr: string | null, spawnError: Error | undefined): string {
  if (spawnError) return spawnError.message;
  const lines = (stderr ?? '').split('\n').map((line) => line.trim());
  const message = lines.find((line) => line !== '' && !line.startsWith('at '));
  return message ?? 'it printed no reason';
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}

/** The one paragraph printed when the binary cannot be had: what failed, then the two ways on. */
export function cannotRunParagraph(command: string, problem: string, version: string): string {
  const target = `${process.platform}-${process.arch}`;
  return wrap(
    `Paydesk cannot run \`${command}\`: ${problem}. Two ways on. Either give it Electron ${version} for ` +
      `${target}: set ELECTRON_OVERRIDE_DIST_PATH to a folder that holds its unpacked build (the \`electron\` ` +
      'executable), or set ELECTRON_MIRROR to a mirror you can reach (e.g. ' +
      'https://npmmirror.com/mirrors/electron/, or one on your network), then run the command again. Or use ' +
      'Paydesk without Electron, in a browser: `npm run build && npm run web -- --ephemeral`, then open the ' +
      'address it prints.',
  );
}

function wrap(text: string, width = 100): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return [...lines, line].join('\n');
}
