// The team drills' network (tests/support/drills/raw-tcp-proxy.ts), against a plain TCP echo server:
// bytes pass both ways unchanged; cut() ends every connection and refuses new ones; blackhole() accepts
// and holds, forwarding nothing; restore() delivers what a blackhole held, in order, and works again on
// the same port after a cut; the tap sees each chunk before it goes.
import { type AddressInfo, createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Direction, type RawTcpProxy, startRawTcpProxy } from '../support/drills/raw-tcp-proxy';

let echo: Server;
const echoSockets = new Set<Socket>();
let echoPort: number;
let proxy: RawTcpProxy;
const clients: Socket[] = [];
const tapped: { direction: Direction; text: string }[] = [];

interface Conversation {
  socket: Socket;
  received(): string;
  bytes(): Buffer;
  closed(): boolean;
}

/** A client of the proxy that keeps what it hears. Rejects when the connection is refused. */
function converse(port: number): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect({ host: '127.0.0.1', port });
    clients.push(socket);
    let heard = Buffer.alloc(0);
    let closed = false;
    socket.on('data', (chunk: Buffer) => {
      heard = Buffer.concat([heard, chunk]);
    });
    socket.on('close', () => {
      closed = true;
    });
    socket.once('error', reject);
    socket.once('connect', () =>
      resolve({ socket, received: () => heard.toString('latin1'), bytes: () => heard, closed: () => closed }),
    );
  });
}

/** Writes `text` on a new conversation and waits until the echo server's answer comes back whole. */
async function echoed(talk: Conversation, text: string): Promise<void> {
  talk.socket.write(text);
  await until(`the echo of "${text}"`, () => talk.received() === text);
}

async function until(what: string, condition: () => boolean, boundMs = 2_000): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still waiting until ${what}`);
    await sleep(5);
  }
}

beforeEach(async () => {
  echo = createServer((socket) => {
    echoSockets.add(socket);
    socket.on('close', () => echoSockets.delete(socket));
    socket.on('error', () => undefined);
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoPort = (echo.address() as AddressInfo).port;
  tapped.length = 0;
  proxy = await startRawTcpProxy({
    target: { port: echoPort },
    tap: (direction, chunk) => tapped.push({ direction, text: chunk.toString('utf8') }),
  });
});

afterEach(async () => {
  for (const socket of clients.splice(0)) socket.destroy();
  await proxy.close();
  for (const socket of echoSockets) socket.destroy();
  await new Promise<void>((resolve) => echo.close(() => resolve()));
});

describe('the raw TCP proxy', () => {
  it('passes bytes both ways unchanged, and the tap sees them', async () => {
    const talk = await converse(proxy.port);
    const sent = Buffer.concat([Buffer.from('hello '), Buffer.from([0, 1, 2, 255, 0x51, 0x0a])]);
    talk.socket.write(sent.subarray(0, 6));
    talk.socket.write(sent.subarray(6));
    await until('the echo is back', () => talk.bytes().length === sent.length);
    expect(talk.bytes().equals(sent)).toBe(true);
    expect(tapped.some(({ direction }) => direction === 'to-target')).toBe(true);
    expect(tapped.some(({ direction }) => direction === 'to-client')).toBe(true);
    expect(proxy.state).toBe('pass');
  });

  it('cut() destroys every open connection and refuses new ones; restore() works on the same port', async () => {
    const first = await converse(proxy.port);
    const second = await converse(proxy.port);
    await until('both are connected through', () => proxy.openConnections() === 2);
    const port = proxy.port;
    await proxy.cut();
    await until('both connections are closed', () => first.closed() && second.closed());
    expect(proxy.openConnections()).toBe(0);
    await expect(converse(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    await proxy.restore();
    expect(proxy.port).toBe(port);
    const again = await converse(port);
    await echoed(again, 'back');
  });

  it('blackhole() accepts and holds connections, forwarding nothing either way', async () => {
    const before = await converse(proxy.port);
    await echoed(before, 'one');

    await proxy.blackhole();
    before.socket.write('two');
    const during = await converse(proxy.port);
    during.socket.write('three');
    await sleep(200);
    expect(before.received()).toBe('one');
    expect(during.received()).toBe('');
    expect(before.closed() || during.closed()).toBe(false);
    expect(proxy.openConnections()).toBe(2);
  });

  it('restore() after a blackhole delivers what was held, in order, and forwards again', async () => {
    const talk = await converse(proxy.port);
    await echoed(talk, 'a');
    await proxy.blackhole();
    talk.socket.write('b');
    talk.socket.write('c');
    const late = await converse(proxy.port);
    late.socket.write('held while the network was down');
    await sleep(100);
    expect(talk.received()).toBe('a');

    await proxy.restore();
    await until('the held bytes arrive', () => talk.received() === 'abc');
    await until('the late connection is connected and answered', () =>
      late.received().startsWith('held while the network was down'),
    );
    talk.socket.write('d');
    await until('forwarding again', () => talk.received() === 'abcd');
  });

  it('holds the very chunk during which the tap blackholes the network', async () => {
    await proxy.close();
    let armed = true;
    proxy = await startRawTcpProxy({
      target: { port: echoPort },
      tap: (direction, chunk) => {
        if (armed && direction === 'to-client' && chunk.includes('COMMIT')) {
          armed = false;
          void proxy.blackhole();
        }
      },
    });
    const talk = await converse(proxy.port);
    talk.socket.write('COMMIT');
    await sleep(150);
    expect(talk.received()).toBe('');
    expect(proxy.state).toBe('blackhole');
    await proxy.restore();
    await until('released', () => talk.received() === 'COMMIT');
  });

  it('a cut during a blackhole drops what was held', async () => {
    const talk = await converse(proxy.port);
    await proxy.blackhole();
    talk.socket.write('lost');
    await sleep(50);
    await proxy.cut();
    await until('closed', () => talk.closed());
    expect(talk.received()).toBe('');
  });
});
