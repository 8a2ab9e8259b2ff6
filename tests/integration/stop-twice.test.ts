// A normal stop leaves the history whole (issue 35, item 7): the browser harness stopped with SIGTERM twice
// in a row (when-exit, through electron-store → conf → atomically, sends it again after its own handler),
// and the core's close() called twice at once, each end with no WAL beside the history, no `.partial`
// backup, and one final backup holding every row. Before, close ran twice at once: the history closed under
// a second backup's reader, its WAL stayed, and process.exit cut that backup off mid-copy.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupsDirOf, checkBackup, listBackups } from '../../src/main/history/backups/history-backups';
import { startFixture, v2Fields } from '../support/app/paydesk-fixture';
import { bridgeCaller, enrolFirstSupervisor, TEST_SUPERVISOR } from '../support/app/sign-in';

const PAYINS = 5;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-stop-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** What a stop left in the data folder: the history's side files and the backups, checked. */
function expectStoppedWhole(dataDir: string, rows: number) {
  const historyFile = join(dataDir, 'history.sqlite');
  expect(existsSync(historyFile)).toBe(true);
  expect(existsSync(`${historyFile}-wal`), 'a WAL beside the history').toBe(false);
  const backupsDir = backupsDirOf(dataDir);
  expect(readdirSync(backupsDir).filter((name) => name.includes('.partial'))).toEqual([]);
  const backups = listBackups(backupsDir);
  expect(backups).toHaveLength(1);
  expect(checkBackup(backups[0]!.file)).toMatchObject({ ok: true, rows });
}

describe('a normal stop', () => {
  it('of the browser harness, SIGTERM twice in a row: no WAL, no .partial, one final backup', async () => {
    const dataDir = tempDataDir();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/web.ts', '--port', '0', '--data', dataDir],
      {
        cwd: resolve(import.meta.dirname, '../..'),
        stdio: ['ignore', 'pipe', 'pipe'],
        // The run's keyring session (scripts/with-keyring.sh): the operator accounts' key is kept there.
        env: process.env,
      },
    );
    cleanups.push(() => child.kill('SIGKILL'));
    let output = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    const url = await new Promise<URL>((ready, fail) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        const found = /Paydesk web harness on (http:\/\/\S+)/.exec(output);
        if (found && output.includes('data folder:')) ready(new URL(found[1]!));
      });
      void exited.then((code) => fail(new Error(`the harness exited (${code}):\n${output}`)));
    });
    const token = url.searchParams.get('token') ?? '';
    await enrolFirstSupervisor(bridgeCaller(url, token), TEST_SUPERVISOR, () => Date.now());
    for (let i = 0; i < PAYINS; i++) {
      const answer = await fetch(new URL('/__ipc/payin.submit', url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paydesk-token': token },
        body: JSON.stringify({ input: { version: 'v2', fields: v2Fields() } }),
      });
      expect(await answer.json()).toMatchObject({ ok: true, data: { status: 'approved' } });
    }

    child.kill('SIGTERM');
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expectStoppedWhole(dataDir, PAYINS);
  }, 60_000);

  it("of the app's core, close() twice at once and once more after: the same whole stop", async () => {
    const dataDir = tempDataDir();
    const fx = await startFixture({ dataDir });
    for (let i = 0; i < PAYINS; i++) {
      await expect(fx.data('payin.submit', { version: 'v2', fields: v2Fields() })).resolves.toMatchObject({
        status: 'approved',
      });
    }
    await Promise.all([fx.paydesk.close(), fx.paydesk.close()]);
    await fx.paydesk.close();
    expectStoppedWhole(dataDir, PAYINS);
  }, 60_000);
});
