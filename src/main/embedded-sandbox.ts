// The embedded sandbox gateway (src/sandbox) runs only while a profile needs it: started at start-up when
// the active profile is the Sandbox, otherwise on the first call that needs it. Its module (fastify) is
// loaded only then. A start that failed is tried again by the next call. Its inspection endpoints (every
// KYC record it accepted) answer only this run's random token.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Sandbox } from '../sandbox';

export function embeddedSandboxIn(
  dataDir: string,
  options: { slowFaultDelayMs?: number; callbackBackoffMs?: number; callbackCa?: string } = {},
) {
  let sandbox: Sandbox | undefined;
  let sandboxStarting: Promise<Sandbox> | undefined;
  function start(): Promise<Sandbox> {
    sandboxStarting ??= import('../sandbox')
      .then(({ startSandbox }) =>
        startSandbox({
          port: 0,
          dataFile: join(dataDir, 'sandbox.sqlite'),
          inspectionToken: randomBytes(24).toString('base64url'),
          ...options,
        }),
      )
      .then(
        (started) => {
          sandbox = started;
          return started;
        },
        (error: unknown) => {
          sandboxStarting = undefined;
          throw error;
        },
      );
    return sandboxStarting;
  }
  return {
    /** The running sandbox, started if it is not (and awaited if it is starting). */
    start,
    /** The sandbox if it has started, else undefined. */
    get running(): Sandbox | undefined {
      return sandbox;
    },
    /** Stops the sandbox if it was started (waiting for a start under way). */
    async close(): Promise<void> {
      await (sandboxStarting ? (await sandboxStarting).close() : undefined);
    },
  };
}
