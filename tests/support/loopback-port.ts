// A TCP port free on 127.0.0.1 at the time of asking, for a server the tests start as a process of its own
// (nginx, PostgreSQL) that cannot be told to take port 0 and say which it took.
import { createServer } from 'node:net';

export async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
