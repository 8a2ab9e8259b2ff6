// A certificate authority made at test time with openssl, and a server certificate it signs for this
// machine (localhost, 127.0.0.1): what an https notification service is reached at in the desk's tests
// (Test connection's health, the sandbox's notifications). Nothing is trusted but through `ca`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCa {
  /** The CA's certificate (PEM): what the client trusts. */
  ca: string;
  /** The server's key and certificate (PEM), for 127.0.0.1 and localhost. */
  key: string;
  cert: string;
}

export function makeTestCa(): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-test-ca-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  try {
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=Paydesk test CA',
      '-keyout',
      at('ca.key'),
      '-out',
      at('ca.pem'),
    );
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=localhost',
      '-keyout',
      at('server.key'),
      '-out',
      at('server.csr'),
    );
    writeFileSync(at('ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
    openssl(
      'x509',
      '-req',
      '-in',
      at('server.csr'),
      '-CA',
      at('ca.pem'),
      '-CAkey',
      at('ca.key'),
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      at('ext.cnf'),
      '-out',
      at('server.pem'),
    );
    return {
      ca: readFileSync(at('ca.pem'), 'utf8'),
      key: readFileSync(at('server.key'), 'utf8'),
      cert: readFileSync(at('server.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An https server on 127.0.0.1 with the CA's server certificate; its base URL. */
export async function serveHttps(
  ca: TestCa,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer({ key: ca.key, cert: ca.cert }, handler);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
