// Debian's nginx (/usr/sbin/nginx) in front of notification service instances, as README's "Notifications
// in production" deploys it: docs/notify/nginx.conf itself, with this test's loopback port, a certificate
// from a test CA and the instances' addresses put in its "# site:" lines. Everything (config, pid, logs,
// temp files) lives in a temporary folder. As root, the workers run as nobody (the `user` directive);
// otherwise as the current user. Stopped, and the folder removed, by stop().
import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeLoopbackPort } from '../loopback-port';
import { makeTestCa, type TestCa } from './test-ca';

const NGINX = process.env.PAYDESK_NGINX ?? '/usr/sbin/nginx';
const SITE = join(import.meta.dirname, '..', '..', '..', 'docs', 'notify', 'nginx.conf');

export interface Nginx {
  /** https://127.0.0.1:<port> */
  url: string;
  ca: TestCa;
  /** Points the upstream at these instances (host:port), and reloads. */
  setUpstreams(upstreams: string[]): Promise<void>;
  errorLog(): string;
  stop(): Promise<void>;
}

/** docs/notify/nginx.conf with a test's own values in its "# site:" lines. */
function siteConfig(values: {
  port: number;
  certFile: string;
  keyFile: string;
  upstreams: string[];
}): string {
  const lines = readFileSync(SITE, 'utf8').split('\n');
  const out: string[] = [];
  let upstreamsWritten = false;
  for (const line of lines) {
    const marker = /#\s*site:\s*(\w+)\s*$/.exec(line)?.[1];
    const indent = /^\s*/.exec(line)?.[0] ?? '';
    switch (marker) {
      case undefined:
        out.push(line);
        break;
      case 'upstreams':
        if (!upstreamsWritten) {
          for (const upstream of values.upstreams)
            out.push(`${indent}server ${upstream} max_fails=1 fail_timeout=2s;`);
          upstreamsWritten = true;
        }
        break;
      case 'listen':
        out.push(`${indent}listen 127.0.0.1:${values.port} ssl;`);
        break;
      case 'server_name':
        out.push(`${indent}server_name localhost;`);
        break;
      case 'certificate':
        out.push(`${indent}ssl_certificate ${values.certFile};`);
        break;
      case 'key':
        out.push(`${indent}ssl_certificate_key ${values.keyFile};`);
        break;
      default:
        throw new Error(`docs/notify/nginx.conf: unknown "# site: ${marker}" line`);
    }
  }
  return out.join('\n');
}

export async function startNginx(options: { upstreams: string[]; workers?: number }): Promise<Nginx> {
  if (!existsSync(NGINX))
    throw new Error(`nginx is not installed (${NGINX}): Debian: apt-get install nginx, or run .ci/run.`);
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-nginx-'));
  const asRoot = process.getuid?.() === 0;
  const temp = join(dir, 'temp');
  mkdirSync(temp);
  if (asRoot) {
    // The workers (nobody) write request bodies and proxied answers here, and must pass through the folder.
    chmodSync(dir, 0o711);
    chownSync(temp, 65534, 65534);
  }
  const ca = await makeTestCa(dir);
  const port = await freeLoopbackPort();
  const write = (upstreams: string[]) => {
    writeFileSync(
      join(dir, 'site.conf'),
      siteConfig({ port, certFile: ca.certFile, keyFile: ca.keyFile, upstreams }),
    );
    writeFileSync(
      join(dir, 'nginx.conf'),
      [
        'daemon off;',
        'master_process on;',
        `worker_processes ${options.workers ?? 1};`,
        asRoot ? 'user nobody nogroup;' : '',
        `pid ${join(dir, 'nginx.pid')};`,
        `error_log ${join(dir, 'error.log')} notice;`,
        'events { worker_connections 1024; }',
        'http {',
        '  access_log off;',
        `  client_body_temp_path ${join(temp, 'body')};`,
        `  proxy_temp_path ${join(temp, 'proxy')};`,
        `  fastcgi_temp_path ${join(temp, 'fastcgi')};`,
        `  uwsgi_temp_path ${join(temp, 'uwsgi')};`,
        `  scgi_temp_path ${join(temp, 'scgi')};`,
        `  include ${join(dir, 'site.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
  };
  write(options.upstreams);
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () =>
    existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      const log = errorLog();
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not start: ${stderr}\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `https://127.0.0.1:${port}`,
    ca,
    async setUpstreams(upstreams) {
      write(upstreams);
      const before = errorLog().length;
      child.kill('SIGHUP');
      // The new workers are up when the master says so in its log.
      const until = Date.now() + 10_000;
      while (!/start worker process|reconfiguring/.test(errorLog().slice(before)) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    },
    errorLog,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
