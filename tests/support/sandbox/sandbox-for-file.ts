// A sandbox on a free port for a test file, started as the file loads (top-level await) and closed after its
// tests: the setup the sandbox's own integration tests share. Apart from sandbox-helpers.ts, which the
// benches import outside vitest.
import { afterAll } from 'vitest';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../../src/sandbox';

export async function sandboxForFile(options: Omit<SandboxOptions, 'port'> = {}): Promise<Sandbox> {
  const sandbox = await startSandbox({ port: 0, ...options });
  afterAll(() => sandbox.close());
  return sandbox;
}
