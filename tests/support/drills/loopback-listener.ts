// The front door of the drills' proxies: a TCP listener on loopback that stops accepting (connections are
// then refused, as when nothing listens) and starts again on the same port, as a network comes back.
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';

interface LoopbackListener {
  /** The port, kept across stop() and listen(); 0 until the first listen(). */
  readonly port: number;
  readonly listening: boolean;
  /** Listens (again) on the port; a free one the first time. Does nothing when already listening. */
  listen(): Promise<void>;
  /** Stops accepting at once; connections already taken live on until they end. */
  stop(): Promise<void>;
}

export function loopbackListener(onConnection: (socket: Socket) => void): LoopbackListener {
  let server: Server | undefined;
  let port = 0;
  return {
    get port() {
      return port;
    },
    get listening() {
      return server !== undefined;
    },
    async listen() {
      if (server) return;
      const next = createServer(onConnection);
      await new Promise<void>((resolve, reject) => {
        next.once('error', reject);
        next.listen({ host: '127.0.0.1', port }, () => resolve());
      });
      port = (next.address() as AddressInfo).port;
      server = next;
    },
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
}
