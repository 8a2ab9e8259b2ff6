// A loopback TCP proxy that knows nothing of the protocol it carries (tcp-proxy.ts reads HTTP; this one
// carries PostgreSQL's): bytes go between a local port and a target port until a drill breaks the network.
// - cut(): every open connection is destroyed and new ones are refused (nothing listens on the port).
// - blackhole(): connections are accepted and kept, and nothing is forwarded either way, as a network
//   that swallows packets: the peers see silence, not an error, until their own timeouts give up.
// - restore(): forwarding again on the same port. A blackholed connection still open gets what was held
//   back, in order, as TCP's retransmissions would deliver it once the network came back; one accepted
//   during the blackhole is connected to the target only now. After cut() there is nothing to resume.
// `tap` sees every chunk before it is forwarded or held, so a drill can act at an exact point of the
// conversation (blackhole() called from it holds that very chunk).
import { type Socket, connect as tcpConnect } from 'node:net';
import { loopbackListener } from './loopback-listener';

export type RawProxyState = 'pass' | 'cut' | 'blackhole';
export type Direction = 'to-target' | 'to-client';

export interface RawTcpProxy {
  readonly port: number;
  readonly state: RawProxyState;
  /** Connections open through the proxy now. */
  openConnections(): number;
  /** Connections accepted since the start. */
  acceptedConnections(): number;
  cut(): Promise<void>;
  blackhole(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

interface RawTcpProxyOptions {
  target: { host?: string; port: number };
  tap?: (direction: Direction, chunk: Buffer) => void;
}

interface Link {
  client: Socket;
  target?: Socket;
  held: { 'to-target': Buffer[]; 'to-client': Buffer[] };
  /** The target closed while its bytes were held: the client hears of it on restore. */
  targetEnded: boolean;
}

export async function startRawTcpProxy(options: RawTcpProxyOptions): Promise<RawTcpProxy> {
  const host = options.target.host ?? '127.0.0.1';
  const links = new Set<Link>();
  let state: RawProxyState = 'pass';
  let accepted = 0;

  function drop(link: Link): void {
    links.delete(link);
    link.client.destroy();
    link.target?.destroy();
  }

  function forward(link: Link, direction: Direction, chunk: Buffer): void {
    options.tap?.(direction, chunk);
    if (state === 'blackhole') {
      link.held[direction].push(chunk);
      return;
    }
    if (direction === 'to-target') link.target?.write(chunk);
    else link.client.write(chunk);
  }

  function connectTarget(link: Link): void {
    const target = tcpConnect({ host, port: options.target.port });
    link.target = target;
    target.on('data', (chunk: Buffer) => forward(link, 'to-client', chunk));
    target.on('error', () => drop(link));
    target.on('close', () => {
      if (state === 'blackhole') link.targetEnded = true;
      else drop(link);
    });
  }

  function accept(client: Socket): void {
    accepted += 1;
    if (state === 'cut') {
      client.destroy();
      return;
    }
    const link: Link = { client, held: { 'to-target': [], 'to-client': [] }, targetEnded: false };
    links.add(link);
    client.on('data', (chunk: Buffer) => forward(link, 'to-target', chunk));
    client.on('error', () => drop(link));
    client.on('close', () => drop(link));
    if (state === 'pass') connectTarget(link);
  }

  const door = loopbackListener(accept);
  await door.listen();

  return {
    get port() {
      return door.port;
    },
    get state() {
      return state;
    },
    openConnections: () => links.size,
    acceptedConnections: () => accepted,
    async cut() {
      state = 'cut';
      for (const link of [...links]) drop(link);
      await door.stop();
    },
    async blackhole() {
      state = 'blackhole';
      await door.listen();
    },
    async restore() {
      state = 'pass';
      await door.listen();
      for (const link of [...links]) {
        if (!link.target) connectTarget(link);
        for (const chunk of link.held['to-target'].splice(0)) link.target?.write(chunk);
        for (const chunk of link.held['to-client'].splice(0)) link.client.write(chunk);
        if (link.targetEnded) link.client.end(() => drop(link));
      }
    },
    async close() {
      state = 'cut';
      for (const link of [...links]) drop(link);
      await door.stop();
    },
  };
}
