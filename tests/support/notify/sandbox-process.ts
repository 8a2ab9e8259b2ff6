// The sandbox gateway as a remote gateway for the notification service's drills: its own process
// (`npm run sandbox`), trusting the test CA through NODE_EXTRA_CA_CERTS, so that it posts its signed
// notifications to the https callBackURL nginx serves and retries them on its own schedule (A12).
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..', '..', '..');
const TSX_LOADER = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

export interface SandboxProcess {
  url: string;
  stop(): Promise<void>;
}

export async function startSandboxProcess(caFile: string): Promise<SandboxProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', TSX_LOADER, join(root, 'src', 'sandbox', 'cli.ts'), '--port', '0'],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_EXTRA_CA_CERTS: caFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The sandbox did not start:\n${output}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    void exited.then(() => reject(new Error(`The sandbox exited:\n${output}`)));
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
