// Other faults of the data folder (issue 25, item 4), through the browser harness as an operator starts
// it: a history written by a newer Paydesk, a read-only data folder, a full disk. Each ends in one clear
// message, no stack trace, and every file in the folder exactly as it was. The folder faults are real:
// a tmpfs mounted read-only or filled to the brim when the tests run as root (who ignores permissions);
// otherwise the folder's permissions, and a full device (/dev/full) where the check writes.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { PROBE_FILE } from '../../src/main/data-folder';

const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/paydesk-test' };
const ROOT = process.getuid?.() === 0;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/**
 * Runs scripts/web.ts on `data` until it exits (or is ready, which these faults must prevent).
 * `fileSizeLimit`: bytes any one file may grow to (RLIMIT_FSIZE, through the shell's ulimit; Node ignores
 * SIGXFSZ), which makes a write past it return a short count as a nearly full disk does.
 */
async function runWeb(
  data: string,
  options: { fileSizeLimit?: number } = {},
): Promise<{ code: number | null; output: string }> {
  const node = [process.execPath, '--import', 'tsx', 'scripts/web.ts', '--port', '0', '--data', data];
  const [command, ...args] =
    options.fileSizeLimit === undefined
      ? node
      : ['bash', '-c', `ulimit -f ${options.fileSizeLimit / 1024} && exec "$@"`, 'limited', ...node];
  const child = spawn(command ?? process.execPath, args, {
    cwd: resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...NO_KEYCHAIN },
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    if (output.includes('data folder:')) child.kill('SIGTERM');
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((done) => child.once('exit', (exit) => done(exit)));
  return { code, output };
}

/** Every file under `dir` with its content's hash: "nothing changed" is this, before and after. */
function snapshot(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    if (statSync(path).isFile()) found[name] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return found;
}

/** A data folder with a small history and settings in it. */
function dataFolderIn(parent: string): string {
  const data = join(parent, 'data');
  mkdirSync(data, { recursive: true, mode: 0o700 });
  const db = new DatabaseSync(join(data, 'history.sqlite'));
  db.exec('CREATE TABLE kept (x); INSERT INTO kept VALUES (1);');
  db.close();
  writeFileSync(join(data, 'settings.json'), '{"settings":{"operatorName":"Jane"}}');
  return data;
}

function mounted(size: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-mount-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
  cleanups.push(() => {
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

function tempParent(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-folder-'));
  cleanups.push(() => {
    chmodSync(dir, 0o700);
    for (const name of readdirSync(dir)) chmodSync(join(dir, name), 0o700);
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

function expectClearMessage(output: string, text: RegExp) {
  expect(output).toMatch(text);
  expect(output).toContain('Nothing was');
  // No stack trace: not one "    at fn (file:line)" line.
  expect(output).not.toMatch(/^\s+at /m);
}

describe('a start on a data folder Paydesk cannot use', () => {
  it('a history written by a newer Paydesk: refused, its version named, the file untouched', async () => {
    const data = join(tempParent(), 'data');
    mkdirSync(data, { mode: 0o700 });
    const db = new DatabaseSync(join(data, 'history.sqlite'));
    db.exec('CREATE TABLE history_rows (id INTEGER PRIMARY KEY); PRAGMA user_version = 99;');
    db.close();
    const before = snapshot(data);
    const { code, output } = await runWeb(data);
    expect(code).toBe(1);
    expectClearMessage(output, /This history was written by a newer Paydesk[\s\S]*schema version 99/);
    const after = snapshot(data);
    expect(after['history.sqlite']).toBe(before['history.sqlite']);
    expect(readdirSync(data)).not.toContain('damaged');
  }, 60_000);

  it('a read-only data folder: one sentence that says so, before the logger, nothing changed', async () => {
    let data: string;
    let makeReadOnly: () => void;
    if (ROOT) {
      const mount = mounted('8m');
      data = dataFolderIn(mount);
      makeReadOnly = () => execFileSync('mount', ['-o', 'remount,ro', mount]);
    } else {
      data = dataFolderIn(tempParent());
      makeReadOnly = () => chmodSync(data, 0o500);
    }
    const before = snapshot(data);
    makeReadOnly();
    const { code, output } = await runWeb(data);
    expect(code).toBe(1);
    expectClearMessage(output, /Paydesk cannot write to its data folder[\s\S]*read-only \((EROFS|EACCES)\)/);
    expect(snapshot(data)).toEqual(before);
  }, 60_000);

  it("a nearly full disk (12 KiB free): the check's short write is a full disk, said plainly, nothing changed", async () => {
    const freeBytes = 12 * 1024;
    let data: string;
    let fileSizeLimit: number | undefined;
    if (ROOT) {
      const mount = mounted('2m');
      data = dataFolderIn(mount);
      // The rest of the disk taken by something else, all but 12 KiB.
      const { bavail, bsize } = statfsSync(mount);
      writeFileSync(join(mount, 'filler'), Buffer.alloc(bavail * bsize - freeBytes));
      expect(statfsSync(mount).bavail * statfsSync(mount).bsize).toBe(freeBytes);
    } else {
      // Without root no small disk can be mounted: a limit on a file's size gives the same short write.
      data = dataFolderIn(tempParent());
      fileSizeLimit = freeBytes;
    }
    const before = snapshot(data);
    const { code, output } = await runWeb(data, { fileSizeLimit });
    expect(code).toBe(1);
    expectClearMessage(output, /is full[\s\S]*free some space/);
    expect(snapshot(data)).toEqual(before);
  }, 60_000);

  it('a full disk: said plainly, nothing changed', async () => {
    let data: string;
    if (ROOT) {
      const mount = mounted('2m');
      data = dataFolderIn(mount);
      // The rest of the disk taken by something else.
      try {
        writeFileSync(join(mount, 'filler'), Buffer.alloc(4 * 1024 * 1024));
      } catch {
        // ENOSPC: the disk is full, which is the point
      }
    } else {
      data = dataFolderIn(tempParent());
      symlinkSync('/dev/full', join(data, PROBE_FILE));
    }
    const before = snapshot(data);
    const { code, output } = await runWeb(data);
    expect(code).toBe(1);
    expectClearMessage(output, /is full[\s\S]*free some space/);
    expect(snapshot(data)).toEqual(before);
  }, 60_000);
});
