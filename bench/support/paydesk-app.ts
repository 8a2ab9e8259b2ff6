// The real app for a bench: the composition root with its embedded sandbox, SQLite history and a pino
// log file in a fresh folder, an in-memory settings store and vault (what the browser harness does with
// --ephemeral). Calls go through `dispatch`, the one entry Electron's IPC and the harness use.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPaydesk, type Paydesk } from '../../src/main/app';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import { createLogger } from '../../src/main/log/logger';
import type { PayInTransport } from '../../src/main/payin/gateway-transport';
import { memoryStore } from '../../tests/support/app/paydesk-fixture';

export interface BenchApp {
  paydesk: Paydesk;
  dataDir: string;
  /** Calls a channel and answers its data, or throws with the error the UI would show. */
  call<T>(channel: string, input?: unknown): Promise<T>;
  close(): Promise<void>;
}

function lastLogLines(dataDir: string): string {
  try {
    return readFileSync(join(dataDir, 'logs', 'paydesk.log'), 'utf8')
      .trimEnd()
      .split('\n')
      .slice(-3)
      .join('\n');
  } catch {
    return '(no log)';
  }
}

export async function startBenchApp(options: { transport?: PayInTransport } = {}): Promise<BenchApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-'));
  const paydesk = await createPaydesk({
    version: 'bench',
    bankPageView: 'iframe',
    dataDir,
    settingsStore: memoryStore(),
    vault: createMemoryVault(),
    keychain: { available: false, reason: 'in-memory bench vault' },
    log: createLogger({ filePath: join(dataDir, 'logs', 'paydesk.log'), level: 'info' }),
    emit: () => {},
    ...(options.transport && { transport: options.transport }),
  });
  await paydesk.startedInBackground;
  return {
    paydesk,
    dataDir,
    async call<T>(channel: string, input?: unknown): Promise<T> {
      const result = await paydesk.dispatch(channel, input);
      if (!result.ok) {
        // An internal error's cause is only in the log, and the log goes with the folder on close.
        const logged = result.error.kind === 'internal' ? `\n${lastLogLines(dataDir)}` : '';
        throw new Error(`${channel}: ${result.error.kind}: ${result.error.message}${logged}`);
      }
      return result.data as T;
    },
    async close() {
      await paydesk.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
