// Starts a server script in its own Node process (so the load generator or client under test does not
// share its event loop) and waits for the line that names its address.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

export interface ChildServer {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

type ChildOptions = {
  /** Flags for Node itself, before the script (a CPU profile, say). */
  nodeArgs?: readonly string[];
  /** Where the script and its node_modules are: another checkout, for a comparison. */
  cwd?: string;
};

export function startChildServer(
  script: string,
  args: readonly string[] = [],
  options: ChildOptions = {},
): Promise<ChildServer> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    ...(options.cwd ? { cwd: options.cwd } : {}),
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

/** The sandbox gateway alone (its CLI), state in `dataFile` when given, in memory otherwise. */
export function startSandboxProcess(
  options: { dataFile?: string } & ChildOptions = {},
): Promise<ChildServer> {
  const { dataFile, ...child } = options;
  return startChildServer(
    'src/sandbox/cli.ts',
    ['--port', '0', ...(dataFile ? ['--data', dataFile] : [])],
    child,
  );
}
