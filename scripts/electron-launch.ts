// npm start | npm run dev | npm run dist: `tsx scripts/electron-launch.ts start|dev|dist [args…]`. First makes
// sure Electron's binary is there (electron-binary.ts), then runs electron-vite with ELECTRON_EXEC_PATH set to
// it (electron-vite honours that variable and would otherwise look for node_modules/electron/path.txt only):
//   start → electron-vite preview [args]   (builds, then starts Electron on the build)
//   dev   → electron-vite dev [args]       (dev server with hot reload, then Electron)
//   dist  → electron-vite build, then electron-builder --config electron-builder.json [args]
// For dist, electron-builder is left to take Electron's release zip through @electron/get, which looks in the
// same cache Electron's installer just filled (~/.cache/electron, same key): it finds the zip there instead of
// downloading it again, checks it against the release's SHASUMS256.txt (a small download), and packages it as
// an official release (default_app.asar removed). Pointing electronDist at node_modules/electron/dist would
// save that small download, but electron-builder copies such a folder as a custom build, as it is, and it is
// right for the host platform only. With ELECTRON_OVERRIDE_DIST_PATH set, though, that folder is what you
// chose to run, so it is what gets packaged (electronDist), and nothing is downloaded.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cannotRunParagraph, ensureElectronBinary } from './electron-binary';
import { packageBin } from './package-bin';

const MODES = ['start', 'dev', 'dist'] as const;
type Mode = (typeof MODES)[number];

const [mode, ...args] = process.argv.slice(2);
if (!MODES.includes(mode as Mode)) {
  console.error(
    `usage: tsx scripts/electron-launch.ts ${MODES.join('|')} [arguments for electron-vite or electron-builder]`,
  );
  process.exit(2);
}
const command = mode === 'start' ? 'npm start' : `npm run ${mode}`;
// npm runs scripts from the project's root.
const root = process.cwd();

const binary = ensureElectronBinary(root, (line) => console.log(line));
if (!binary.ok) {
  console.error(cannotRunParagraph(command, binary.problem, binary.version));
  process.exit(1);
}
const env = { ...process.env, ELECTRON_EXEC_PATH: binary.executable };

let running: ChildProcess | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // A terminal's Ctrl-C reaches the whole group; a signal sent to this process alone is passed on.
  process.on(signal, () => running?.kill(signal));
}

async function run(packageName: string, commandArgs: string[]): Promise<number> {
  running = spawn(process.execPath, [packageBin(root, packageName), ...commandArgs], {
    stdio: 'inherit',
    env,
  });
  const [code, signal] = (await once(running, 'exit')) as [number | null, NodeJS.Signals | null];
  running = undefined;
  return code ?? (signal ? 1 : 0);
}

async function launch(which: Mode): Promise<number> {
  if (which === 'start') return run('electron-vite', ['preview', ...args]);
  if (which === 'dev') return run('electron-vite', ['dev', ...args]);
  const built = await run('electron-vite', ['build']);
  if (built !== 0) return built;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  return run('electron-builder', [
    '--config',
    'electron-builder.json',
    ...(override ? [`-c.electronDist=${override}`] : []),
    ...args,
  ]);
}

process.exitCode = await launch(mode as Mode);
