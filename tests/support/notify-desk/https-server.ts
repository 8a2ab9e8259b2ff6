// An https server on 127.0.0.1 with the test CA's server certificate (tests/support/notify/test-ca.ts):
// what a notification service is reached at in the desk's tests of Test connection's health and of the
// sandbox's notifications. Nothing is trusted but through the CA given to the client.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestCa } from '../notify/test-ca';

export async function serveHttps(
  ca: TestCa,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer(
    { key: readFileSync(ca.keyFile, 'utf8'), cert: readFileSync(ca.certFile, 'utf8') },
    handler,
  );
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
