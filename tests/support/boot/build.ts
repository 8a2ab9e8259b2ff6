// Builds the app with electron-vite into a folder of its own, so that the boot test and the start-up bench
// always run the bundle of the sources as they are (a build takes seconds) and never race the e2e build in out/.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { packageBin } from '../../../scripts/package-bin';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../../..');
/** The boot test's build; the bench builds into another. */
export const BOOT_TEST_OUT_DIR = 'out-boot-test';

interface BuiltApp {
  outDir: string;
  mainBundle: string;
  preload: string;
  rendererDir: string;
}

export function builtApp(outDirName: string): BuiltApp {
  // Inside the project (out-*/ is git-ignored): the bundle imports its dependencies from node_modules.
  const outDir = join(PROJECT_ROOT, outDirName);
  return {
    outDir,
    mainBundle: join(outDir, 'main', 'index.js'),
    preload: join(outDir, 'preload', 'index.cjs'),
    rendererDir: join(outDir, 'renderer'),
  };
}

export function buildApp(outDirName: string): BuiltApp {
  const app = builtApp(outDirName);
  const electronVite = packageBin(PROJECT_ROOT, 'electron-vite');
  // An absolute --outDir: a relative one would put the renderer under its own root (src/renderer/).
  const build = spawnSync(process.execPath, [electronVite, 'build', '--outDir', app.outDir], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    throw new Error(`electron-vite build failed (${build.status}):\n${build.stdout}\n${build.stderr}`);
  }
  return app;
}
