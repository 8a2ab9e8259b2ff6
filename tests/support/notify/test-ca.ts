// A certificate authority made at test time (openssl), and a server certificate it signs for 127.0.0.1 and
// localhost: nginx presents the server's, clients trust only the CA's. Nothing of it outlives the folder.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TestCa {
  /** The CA's certificate (PEM), for a client's `ca`. */
  caPem: string;
  caFile: string;
  certFile: string;
  keyFile: string;
}

export async function makeTestCa(dir: string): Promise<TestCa> {
  const file = (name: string) => join(dir, name);
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Paydesk test CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  await run('openssl', [
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
  ]);
  writeFileSync(
    file('server.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n',
  );
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('server.ext'),
    '-out',
    file('server.pem'),
  ]);
  return {
    caPem: readFileSync(file('ca.pem'), 'utf8'),
    caFile: file('ca.pem'),
    certFile: file('server.pem'),
    keyFile: file('server.key'),
  };
}
