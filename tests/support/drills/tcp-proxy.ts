// A loopback TCP proxy between Paydesk and a gateway that misbehaves on demand: it refuses connections,
// stalls (takes the request and never passes it on), holds the gateway's answer back, cuts the answer in the
// middle, or delays it. It understands just enough HTTP/1.1 (Content-Length or chunked) to tell when a
// request or an answer is complete, so that a drill can act at an exact point ("the gateway has answered,
// the client has not heard") instead of after a guessed delay. Every connection is recorded.
import { EventEmitter } from 'node:events';
import { type Socket, connect as tcpConnect } from 'node:net';
import { loopbackListener } from './loopback-listener';

export type ProxyMode =
  /** Both directions as they come. */
  | 'pass'
  /** Nothing listens: the client's connect fails with ECONNREFUSED. */
  | 'refuse'
  /** The connection is taken and the request read, but never passed on and never answered. */
  | 'stall'
  /** The request is passed on; the gateway's answer is kept back until release() or the client leaves. */
  | 'hold'
  /** The request is passed on; the answer's head and half its body reach the client, then both sides are cut. */
  | 'cut'
  /** The request is passed on; the answer reaches the client `delayMs` after each of its bytes arrived. */
  | 'delay';

/** One mode for every new connection, or a choice per connection (0-based, in the order they arrive). */
export type ModePolicy = ProxyMode | ((connectionIndex: number) => Exclude<ProxyMode, 'refuse'>);

export interface ProxiedConnection {
  index: number;
  mode: Exclude<ProxyMode, 'refuse'>;
  /** Every byte the client sent. */
  request: Buffer;
  requestComplete: boolean;
  /** Every byte the gateway answered (whether or not the client got it). */
  response: Buffer;
  responseComplete: boolean;
  /** The whole answer was written to the client. */
  delivered: boolean;
  closed: boolean;
  /** The request's body as text, once complete. */
  requestBody(): string;
  /** The request line, e.g. `POST /openapi/v2/pwpp HTTP/1.1`. */
  requestLine(): string;
}

export interface TcpProxy {
  url: string;
  port: number;
  connections: readonly ProxiedConnection[];
  setMode(policy: ModePolicy, options?: { delayMs?: number }): Promise<void>;
  /** Sends every held answer on to its client. */
  release(): void;
  /** Resolves once `condition` holds, re-checked whenever a connection changes. */
  until(condition: () => boolean, label: string, boundMs?: number): Promise<void>;
  close(): Promise<void>;
}

type MessageKind = 'request' | 'response';

/** Whether `bytes` hold one whole HTTP/1.1 message (the subset fetch and Fastify produce). */
function httpMessageComplete(bytes: Buffer, kind: MessageKind): boolean {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) return false;
  const head = bytes.subarray(0, headEnd).toString('latin1');
  const bodyStart = headEnd + 4;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) return bytes.length - bodyStart >= Number(length[1]);
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) return bytes.subarray(bodyStart).includes('0\r\n\r\n');
  // A request without a length has no body; an answer without one ends when the connection does.
  return kind === 'request';
}

function bodyOf(bytes: Buffer): Buffer {
  const headEnd = bytes.indexOf('\r\n\r\n');
  return headEnd < 0 ? Buffer.alloc(0) : bytes.subarray(headEnd + 4);
}

export async function startTcpProxy(target: { host?: string; port: number }): Promise<TcpProxy> {
  const host = target.host ?? '127.0.0.1';
  const changes = new EventEmitter();
  changes.setMaxListeners(0);
  const connections: ProxiedConnection[] = [];
  const sockets = new Set<Socket>();
  const held: (() => void)[] = [];
  let policy: ModePolicy = 'pass';
  let delayMs = 0;

  const changed = () => changes.emit('change');

  function handle(client: Socket): void {
    sockets.add(client);
    const index = connections.length;
    const chosen = typeof policy === 'function' ? policy(index) : policy;
    const mode: Exclude<ProxyMode, 'refuse'> = chosen === 'refuse' ? 'stall' : chosen;
    const record: ProxiedConnection = {
      index,
      mode,
      request: Buffer.alloc(0),
      requestComplete: false,
      response: Buffer.alloc(0),
      responseComplete: false,
      delivered: false,
      closed: false,
      requestBody: () => bodyOf(record.request).toString('utf8'),
      requestLine: () => record.request.toString('latin1').split('\r\n', 1)[0] ?? '',
    };
    connections.push(record);

    let upstream: Socket | undefined;
    const closeAll = () => {
      if (!record.closed) {
        record.closed = true;
        changed();
      }
      client.destroy();
      upstream?.destroy();
    };
    client.on('error', closeAll);
    client.on('close', closeAll);

    if (mode !== 'stall') {
      upstream = tcpConnect({ host, port: target.port });
      sockets.add(upstream);
      upstream.on('error', closeAll);
      upstream.on('close', () => {
        // The gateway closed first (e.g. after its answer, or dropping the request): pass that on unless
        // the answer is being kept back, which the client must not notice.
        if (mode === 'hold' && !record.delivered) return;
        if (mode === 'delay') setTimeout(closeAll, delayMs);
        else closeAll();
      });
      upstream.on('data', (chunk: Buffer) => {
        record.response = Buffer.concat([record.response, chunk]);
        const wasComplete = record.responseComplete;
        record.responseComplete = httpMessageComplete(record.response, 'response');
        switch (mode) {
          case 'pass':
            client.write(chunk);
            if (record.responseComplete) record.delivered = true;
            break;
          case 'delay':
            setTimeout(() => {
              if (client.destroyed) return;
              client.write(chunk);
              if (httpMessageComplete(record.response, 'response')) {
                record.delivered = true;
                changed();
              }
            }, delayMs);
            break;
          case 'hold':
            if (record.responseComplete && !wasComplete) {
              held.push(() => {
                if (client.destroyed) return;
                client.write(record.response);
                record.delivered = true;
                changed();
              });
            }
            break;
          case 'cut':
            if (record.responseComplete && !wasComplete) {
              const headEnd = record.response.indexOf('\r\n\r\n') + 4;
              const bodyLength = record.response.length - headEnd;
              client.write(record.response.subarray(0, headEnd + Math.floor(bodyLength / 2)), () => {
                closeAll();
              });
            }
            break;
        }
        changed();
      });
    }

    client.on('data', (chunk: Buffer) => {
      record.request = Buffer.concat([record.request, chunk]);
      record.requestComplete = httpMessageComplete(record.request, 'request');
      upstream?.write(chunk);
      changed();
    });
    changed();
  }

  const door = loopbackListener(handle);
  await door.listen();

  return {
    get url() {
      return `http://127.0.0.1:${door.port}`;
    },
    get port() {
      return door.port;
    },
    connections,
    async setMode(next, options = {}) {
      delayMs = options.delayMs ?? delayMs;
      policy = next;
      if (next === 'refuse') await door.stop();
      else await door.listen();
    },
    release() {
      for (const send of held.splice(0)) send();
    },
    until(condition, label, boundMs = 60_000) {
      if (condition()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!condition()) return;
          clearTimeout(bound);
          changes.off('change', check);
          resolve();
        };
        // A safety net for a drill that would otherwise hang without saying why; not a measurement.
        const bound = setTimeout(() => {
          changes.off('change', check);
          reject(new Error(`tcp proxy: still waiting for ${label} after ${boundMs} ms`));
        }, boundMs);
        changes.on('change', check);
      });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await door.stop();
    },
  };
}
