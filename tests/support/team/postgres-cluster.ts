// A private PostgreSQL cluster for the team-mode tests: a real server, never a mock. `initdb` in a
// temporary folder, the server on a free loopback port with its unix socket in that folder, stopped and
// removed afterwards. PostgreSQL refuses to run as root, so when the tests run as root (CI containers) the
// folder is given to an unprivileged user (`postgres`, made by Debian's package, or PAYDESK_PG_USER) and
// every server command runs as that user through `runuser`.
// The superuser connects over the unix socket (trust: only this user can reach the folder); every other
// role connects over TCP with a password (scram-sha-256), as a desk would.
import { execFile, spawn } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freeLoopbackPort } from '../loopback-port';

const run = promisify(execFile);

const SUPERUSER = 'cluster_admin';

/** The folder with `initdb` and `pg_ctl`: PAYDESK_PG_BIN, else Debian's newest version, else PATH. */
export function postgresBinDir(): string | undefined {
  const fromEnv = process.env.PAYDESK_PG_BIN;
  if (fromEnv && existsSync(join(fromEnv, 'initdb'))) return fromEnv;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name) && existsSync(join(debian, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  return undefined;
}

/** The uid/gid the server runs as: ours, or the unprivileged user's when we are root. */
async function serverUser(): Promise<{ name: string; uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const name = process.env.PAYDESK_PG_USER ?? 'postgres';
  const { stdout } = await run('id', ['-u', name]).catch(() => {
    throw new Error(
      `Tests run as root and PostgreSQL will not: the user "${name}" is needed to run the test cluster (Debian's postgresql package creates it; or set PAYDESK_PG_USER).`,
    );
  });
  const { stdout: gid } = await run('id', ['-g', name]);
  return { name, uid: Number(stdout.trim()), gid: Number(gid.trim()) };
}

export interface DeskRoleConnection {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
}

export interface PostgresCluster {
  readonly port: number;
  readonly socketDir: string;
  /** A superuser connection to `database` (default `postgres`), over the unix socket. Close it yourself. */
  superuser(database?: string): Promise<pg.Client>;
  /** Runs SQL as the superuser in `database`. */
  sql(database: string, text: string, values?: unknown[]): Promise<pg.QueryResult>;
  createDatabase(name: string): Promise<void>;
  /** A login role with a password, for a desk or a supervisor; connection details over TCP. */
  createLoginRole(name: string, password: string, database: string): Promise<DeskRoleConnection>;
  /** Runs a psql script (from stdin) as the superuser, with `-v name=value` variables; returns its output. */
  psql(database: string, script: string, variables?: Record<string, string>): Promise<string>;
  /** pg_dump of `database` as plain SQL text (data included). */
  dump(database: string): Promise<string>;
  /**
   * Kills the server as a crash would: SIGKILL to the postmaster and every backend at once, no shutdown.
   * `start()` then brings it back through crash recovery.
   */
  kill(): Promise<void>;
  /**
   * Pauses the server as `docker pause` does: SIGSTOP to the postmaster and every backend. Connections stay
   * open and every query waits, without an error, until `resume()`.
   */
  pause(): void;
  resume(): void;
  /** Stops the server (fast shutdown), keeping its files: `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes every file. */
  destroy(): Promise<void>;
}

/**
 * Starts a new private cluster. Throws with what is missing when PostgreSQL is not installed. `settings`
 * are server settings given after the tests' own (bench/team.ts turns fsync back on and sizes memory).
 */
export async function startPostgresCluster(
  settings: Readonly<Record<string, string>> = {},
): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error(
      'PostgreSQL is not installed (no initdb): Debian: apt-get install postgresql, or run .ci/run.',
    );
  }
  const user = await serverUser();
  const root = mkdtempSync(join(tmpdir(), 'paydesk-pg-'));
  const dataDir = join(root, 'data');
  const socketDir = root;
  const logFile = join(root, 'server.log');
  if (user) chownSync(root, user.uid, user.gid);

  // cwd: the server's user may not be able to enter ours.
  const asServer = (command: string, args: string[]) =>
    user
      ? run('runuser', ['-u', user.name, '--', join(bin, command), ...args], { cwd: root })
      : run(join(bin, command), args, { cwd: root });

  const pwFile = join(root, 'initdb.pw');
  // initdb wants a password file when host auth is scram; the superuser itself connects over the socket.
  writeFileSync(pwFile, `cluster-admin-${process.pid}\n`, { mode: 0o600 });
  if (user) chownSync(pwFile, user.uid, user.gid);
  await asServer('initdb', [
    '-D',
    dataDir,
    '-U',
    SUPERUSER,
    `--pwfile=${pwFile}`,
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  rmSync(pwFile, { force: true });
  const port = await freeLoopbackPort();
  // Loopback TCP only, the socket in the private folder. fsync off: a test cluster never outlives a power
  // cut, and the tests' clean stops and SIGKILLs of the server are crash-safe without it.
  const options = [
    `-p ${port}`,
    `-k ${socketDir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    ...Object.entries(settings).map(([name, value]) => {
      if (!/^[a-z_]+$/.test(name) || !/^[\w.]+$/.test(value))
        throw new Error(`Not a plain setting: ${name}=${value}`);
      return `-c ${name}=${value}`;
    }),
  ].join(' ');

  let running = false;
  async function start(): Promise<void> {
    try {
      await asServer('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
    } catch (error) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`The test PostgreSQL did not start: ${String(error)}\n${log}`);
    }
    running = true;
  }
  async function stop(): Promise<void> {
    if (!running) return;
    await asServer('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    running = false;
  }
  await start();

  /** The live processes among `pids` (a zombie, waiting for a parent that never reaps it, is dead). */
  function alive(pids: number[]): number[] {
    return pids.filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
      } catch {
        return false;
      }
    });
  }

  /** The postmaster and its children (the backends). */
  function serverProcesses(): number[] {
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      });
    return [postmaster, ...children];
  }

  function signalAll(signal: NodeJS.Signals): void {
    for (const pid of serverProcesses()) {
      try {
        process.kill(pid, signal);
      } catch {
        // gone meanwhile
      }
    }
  }

  async function kill(): Promise<void> {
    if (!running) return;
    const all = serverProcesses();
    for (const pid of all) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    const deadline = Date.now() + 10_000;
    while (alive(all).length > 0) {
      if (Date.now() > deadline)
        throw new Error(`PostgreSQL processes outlived SIGKILL: ${alive(all).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // As after a power cut: the lock file names a process that is gone (or a zombie nobody reaps, which
    // the new postmaster would take for a live one), so it goes; the data files are left to crash recovery.
    rmSync(join(dataDir, 'postmaster.pid'), { force: true });
    rmSync(join(socketDir, `.s.PGSQL.${port}.lock`), { force: true });
    rmSync(join(socketDir, `.s.PGSQL.${port}`), { force: true });
    running = false;
  }

  async function superuser(database = 'postgres'): Promise<pg.Client> {
    const client = new pg.Client({ host: socketDir, port, user: SUPERUSER, database });
    await client.connect();
    return client;
  }

  async function sql(database: string, text: string, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await superuser(database);
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  }

  const ident = (name: string) => {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a plain identifier: ${name}`);
    return name;
  };

  return {
    port,
    socketDir,
    superuser,
    sql,
    async createDatabase(name) {
      await sql('postgres', `CREATE DATABASE ${ident(name)}`);
    },
    async createLoginRole(name, password, database) {
      const client = await superuser(database);
      try {
        const literal = (await client.query('SELECT quote_literal($1) AS q', [password])).rows[0].q;
        await client.query(`CREATE ROLE ${ident(name)} LOGIN PASSWORD ${literal}`);
      } finally {
        await client.end();
      }
      return { host: '127.0.0.1', port, database, user: name, password };
    },
    psql(database, script, variables = {}) {
      const args = ['-X', '-q', '-h', socketDir, '-p', String(port), '-U', SUPERUSER, '-d', database];
      for (const [name, value] of Object.entries(variables)) args.push('-v', `${name}=${value}`);
      args.push('-f', '-');
      const [command, commandArgs] = user
        ? ['runuser', ['-u', user.name, '--', join(bin, 'psql'), ...args]]
        : [join(bin, 'psql'), args];
      return new Promise((resolve, reject) => {
        const child = spawn(command, commandArgs, { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
        });
        child.stderr.on('data', (chunk: Buffer) => {
          err += chunk.toString('utf8');
        });
        child.on('error', reject);
        child.on('close', (code) =>
          code === 0 ? resolve(out) : reject(new Error(`psql exited with ${code}: ${err.trim()}`)),
        );
        child.stdin.end(script);
      });
    },
    async dump(database) {
      const args = ['-h', socketDir, '-p', String(port), '-U', SUPERUSER, '--no-owner', database];
      const { stdout } = user
        ? await run('runuser', ['-u', user.name, '--', join(bin, 'pg_dump'), ...args], {
            cwd: root,
            maxBuffer: 256 * 1024 * 1024,
          })
        : await run(join(bin, 'pg_dump'), args, { cwd: root, maxBuffer: 256 * 1024 * 1024 });
      return stdout;
    },
    kill,
    pause: () => signalAll('SIGSTOP'),
    resume: () => signalAll('SIGCONT'),
    stop,
    start,
    async destroy() {
      try {
        await stop();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
