// Starts a server script in its own Node process (so the load generator or client under test does not
// share its event loop) and waits for the line that names its address.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

export interface ChildServer {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

export function startChildServer(
  script: string,
  args: readonly string[] = [],
  nodeArgs: readonly string[] = [],
): Promise<ChildServer> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1]!, stop });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)));
  });
}

/**
 * The sandbox gateway alone (its CLI), state in `dataFile` when given, in memory otherwise; `nodeArgs`
 * go to Node itself (a CPU profile, say).
 */
export function startSandboxProcess(
  options: { dataFile?: string; nodeArgs?: readonly string[] } = {},
): Promise<ChildServer> {
  return startChildServer(
    'src/sandbox/cli.ts',
    ['--port', '0', ...(options.dataFile ? ['--data', options.dataFile] : [])],
    options.nodeArgs,
  );
}
