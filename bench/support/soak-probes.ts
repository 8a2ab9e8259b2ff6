// What bench/soak.ts reads while the working day runs, from outside the processes it watches:
//   - the harness's Node process, found by the socket it listens on: RSS, open file descriptors and
//     threads from /proc, and — through its inspector (the harness is started with --inspect on a free
//     port) — its JS heap after a forced GC, and the KYC worker thread's heap (NodeWorker domain);
//   - the page in Chromium, through a CDP session: JS heap after a forced GC, DOM nodes, documents,
//     frames, and event listeners (all of them, Performance.getMetrics; and those on window and document,
//     DOMDebugger.getEventListeners);
//   - heap snapshots of either, summarized by constructor (count and self size, detached DOM nodes), to
//     compare what a day left behind.
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import type { CDPSession } from '@playwright/test';

// ---- /proc ----

interface Listener {
  port: number;
  inode: string;
}

function listeners(): Listener[] {
  const found: Listener[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      if (fields.length < 10 || fields[3] !== '0A') continue;
      found.push({ port: Number.parseInt(fields[1]!.split(':')[1]!, 16), inode: fields[9]! });
    }
  }
  return found;
}

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const match = /^socket:\[(\d+)\]$/.exec(target);
      if (match) inodes.add(match[1]!);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/** The process that listens on `port` (this machine's processes, read from /proc). */
export function pidListeningOn(port: number): number {
  const inode = listeners().find((listener) => listener.port === port)?.inode;
  if (!inode) throw new Error(`Nothing listens on port ${port}.`);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (socketInodes(Number(entry)).has(inode)) return Number(entry);
  }
  throw new Error(`No process found holding the socket that listens on port ${port}.`);
}

/** The TCP ports a process listens on. */
function portsOf(pid: number): number[] {
  const own = socketInodes(pid);
  return listeners()
    .filter((listener) => own.has(listener.inode))
    .map((listener) => listener.port);
}

interface ProcessFigures {
  rssBytes: number;
  fds: number;
  threads: number;
  /** The kinds of the open descriptors: "file", "socket", "pipe", "anon_inode:[eventfd]", … */
  fdKinds: Record<string, number>;
}

export function processFigures(pid: number): ProcessFigures {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
  const fdKinds: Record<string, number> = {};
  let fds = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    let target: string;
    try {
      target = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue;
    }
    fds++;
    const kind = target.startsWith('/')
      ? 'file'
      : target.startsWith('socket:')
        ? 'socket'
        : target.startsWith('pipe:')
          ? 'pipe'
          : target.replace(/\[\d+\]$/, '');
    fdKinds[kind] = (fdKinds[kind] ?? 0) + 1;
  }
  return { rssBytes: field('VmRSS') * 1024, fds, threads: field('Threads'), fdKinds };
}

/** The files a process holds open (paths), for telling which kind of descriptor grows. */
export function openFiles(pid: number): string[] {
  const files: string[] = [];
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      files.push(readlinkSync(`/proc/${pid}/fd/${fd}`));
    } catch {
      // closed meanwhile
    }
  }
  return files.sort();
}

// ---- Node's inspector, over its WebSocket ----

type Params = Record<string, unknown>;
type Handler = (params: Params) => void;

/** A minimal CDP client for Node's inspector (Node's own WebSocket). */
class InspectorClient {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: Params) => void; reject: (e: Error) => void }
  >();
  private readonly handlers = new Map<string, Set<Handler>>();

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as {
        id?: number;
        method?: string;
        params?: Params;
        result?: Params;
        error?: { message: string };
      };
      if (message.id !== undefined) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result ?? {});
      } else if (message.method) {
        for (const handler of this.handlers.get(message.method) ?? []) handler(message.params ?? {});
      }
    });
    socket.addEventListener('close', () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error('The inspector closed.'));
      this.pending.clear();
    });
  }

  static async connect(url: string): Promise<InspectorClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`Could not connect to ${url}`)), {
        once: true,
      });
    });
    return new InspectorClient(socket);
  }

  send<T = Params>(method: string, params: Params = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: Params) => void, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  on(method: string, handler: Handler): () => void {
    if (!this.handlers.has(method)) this.handlers.set(method, new Set());
    this.handlers.get(method)!.add(handler);
    return () => this.handlers.get(method)?.delete(handler);
  }

  close(): void {
    this.socket.close();
  }
}

/** The WebSocket address of the inspector among a process's listening ports (the one that answers /json/list). */
export async function inspectorUrlOf(pid: number, exceptPorts: number[] = []): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    for (const port of portsOf(pid)) {
      if (exceptPorts.includes(port)) continue;
      try {
        const response = await fetch(`http://127.0.0.1:${port}/json/list`, {
          signal: AbortSignal.timeout(1_000),
        });
        if (!response.ok) continue;
        const targets = (await response.json()) as { webSocketDebuggerUrl?: string }[];
        const url = targets[0]?.webSocketDebuggerUrl;
        if (url) return url;
      } catch {
        // not the inspector
      }
    }
    await delay(250);
  }
  throw new Error(`No inspector found among the ports of process ${pid}.`);
}

interface HeapFigures {
  usedBytes: number;
  totalBytes: number;
}

/**
 * The harness's main thread and its worker threads through one inspector connection: heap after a forced
 * GC for the main thread and for each worker attached (NodeWorker), and heap snapshots of the main thread.
 */
export class NodeProcessInspector {
  private readonly workers = new Map<string, { title: string; url: string }>();
  private readonly workerReplies = new Map<number, (message: { result?: Params; error?: unknown }) => void>();
  private nextWorkerCall = 1;
  /** Worker threads seen attaching since the start (each KYC worker thread started). */
  workersSeen = 0;

  private constructor(readonly client: InspectorClient) {
    client.on('NodeWorker.attachedToWorker', (params) => {
      const info = params.workerInfo as { title: string; url: string };
      this.workers.set(String(params.sessionId), info);
      this.workersSeen++;
    });
    client.on('NodeWorker.detachedFromWorker', (params) => {
      this.workers.delete(String(params.sessionId));
    });
    client.on('NodeWorker.receivedMessageFromWorker', (params) => {
      const message = JSON.parse(String(params.message)) as { id?: number; result?: Params; error?: unknown };
      if (message.id === undefined) return;
      const reply = this.workerReplies.get(message.id);
      this.workerReplies.delete(message.id);
      reply?.(message);
    });
  }

  static async attach(url: string): Promise<NodeProcessInspector> {
    const client = await InspectorClient.connect(url);
    const inspector = new NodeProcessInspector(client);
    await client.send('Runtime.enable');
    await client.send('NodeWorker.enable', { waitForDebuggerOnStart: false });
    return inspector;
  }

  async mainHeap(): Promise<HeapFigures> {
    await this.client.send('HeapProfiler.collectGarbage');
    const usage = await this.client.send<{ usedSize: number; totalSize: number }>('Runtime.getHeapUsage');
    return { usedBytes: usage.usedSize, totalBytes: usage.totalSize };
  }

  /** Worker threads alive whose script's address contains `urlPart` (all of them without it). */
  workerCount(urlPart = ''): number {
    return [...this.workers.values()].filter((info) => info.url.includes(urlPart)).length;
  }

  workerUrls(): string[] {
    return [...this.workers.values()].map((info) => info.url);
  }

  private workerCall(sessionId: string, method: string, params: Params = {}): Promise<Params> {
    const id = this.nextWorkerCall++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.workerReplies.delete(id);
        reject(new Error(`The worker did not answer ${method}.`));
      }, 10_000);
      this.workerReplies.set(id, (message) => {
        clearTimeout(timer);
        if (message.error) reject(new Error(JSON.stringify(message.error)));
        else resolve(message.result ?? {});
      });
      this.client
        .send('NodeWorker.sendMessageToWorker', {
          sessionId,
          message: JSON.stringify({ id, method, params }),
        })
        .catch((error: Error) => {
          clearTimeout(timer);
          this.workerReplies.delete(id);
          reject(error);
        });
    });
  }

  /** Each live worker thread's heap after a forced GC (a worker that ends meanwhile is left out). */
  async workerHeaps(urlPart = ''): Promise<(HeapFigures & { url: string })[]> {
    const heaps: (HeapFigures & { url: string })[] = [];
    for (const [sessionId, info] of [...this.workers]) {
      if (!info.url.includes(urlPart)) continue;
      try {
        await this.workerCall(sessionId, 'HeapProfiler.collectGarbage');
        const usage = (await this.workerCall(sessionId, 'Runtime.getHeapUsage')) as {
          usedSize: number;
          totalSize: number;
        };
        heaps.push({ usedBytes: usage.usedSize, totalBytes: usage.totalSize, url: info.url });
      } catch {
        // the thread ended
      }
    }
    return heaps;
  }

  /** A heap snapshot of the main thread, written to `file` (open it in DevTools' Memory panel). */
  async snapshot(file: string): Promise<HeapSummary> {
    return takeSnapshot(
      (method, params) => this.client.send(method, params),
      (handler) =>
        this.client.on('HeapProfiler.addHeapSnapshotChunk', (params) => handler(params as { chunk: string })),
      file,
    );
  }

  close(): void {
    this.client.close();
  }
}

// ---- the page in Chromium ----

export interface PageFigures {
  jsHeapUsedBytes: number;
  jsHeapTotalBytes: number;
  /** Every event listener in the page (Performance.getMetrics' JSEventListeners). */
  listeners: number;
  /** Those on window and on document (DOMDebugger.getEventListeners). */
  windowListeners: number;
  documentListeners: number;
  nodes: number;
  documents: number;
  frames: number;
}

export async function pageFigures(session: CDPSession): Promise<PageFigures> {
  await session.send('HeapProfiler.collectGarbage');
  const { metrics } = await session.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? Number.NaN;
  const listenersOn = async (expression: string) => {
    const { result } = await session.send('Runtime.evaluate', { expression, objectGroup: 'soak' });
    const { listeners } = await session.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    return listeners.length;
  };
  const windowListeners = await listenersOn('window');
  const documentListeners = await listenersOn('document');
  await session.send('Runtime.releaseObjectGroup', { objectGroup: 'soak' });
  const usage = await session.send('Runtime.getHeapUsage');
  return {
    jsHeapUsedBytes: usage.usedSize,
    jsHeapTotalBytes: usage.totalSize,
    listeners: metric('JSEventListeners'),
    windowListeners,
    documentListeners,
    nodes: metric('Nodes'),
    documents: metric('Documents'),
    frames: metric('Frames'),
  };
}

/** Which events the listeners on window and document are for, by type: for telling which one grows. */
export async function listenerTypes(session: CDPSession): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const expression of ['window', 'document']) {
    const { result } = await session.send('Runtime.evaluate', { expression, objectGroup: 'soak' });
    const { listeners } = await session.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    for (const listener of listeners) {
      const key = `${expression} ${listener.type}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
  }
  await session.send('Runtime.releaseObjectGroup', { objectGroup: 'soak' });
  return counts;
}

export async function pageSnapshot(session: CDPSession, file: string): Promise<HeapSummary> {
  return takeSnapshot(
    (method, params) => session.send(method as 'HeapProfiler.takeHeapSnapshot', params) as Promise<unknown>,
    (handler) => {
      const listener = (params: { chunk: string }) => handler(params);
      session.on('HeapProfiler.addHeapSnapshotChunk', listener);
      return () => session.off('HeapProfiler.addHeapSnapshotChunk', listener);
    },
    file,
  );
}

// ---- heap snapshots ----

export interface ConstructorFigures {
  count: number;
  selfBytes: number;
}

export interface HeapSummary {
  file: string;
  totalBytes: number;
  nodes: number;
  byConstructor: Map<string, ConstructorFigures>;
  /** DOM nodes no longer in a document but still held by script, by name. */
  detached: Map<string, number>;
}

async function takeSnapshot(
  send: (method: string, params?: Params) => Promise<unknown>,
  onChunk: (handler: (params: { chunk: string }) => void) => () => void,
  file: string,
): Promise<HeapSummary> {
  const chunks: string[] = [];
  const off = onChunk((params) => chunks.push(params.chunk));
  try {
    await send('HeapProfiler.collectGarbage');
    await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
  } finally {
    off();
  }
  const text = chunks.join('');
  writeFileSync(file, text);
  return summarizeSnapshot(text, file);
}

interface RawSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Counts and self sizes by constructor, as DevTools' Summary view groups them. */
function summarizeSnapshot(text: string, file: string): HeapSummary {
  const raw = JSON.parse(text) as RawSnapshot;
  const fields = raw.snapshot.meta.node_fields;
  const types = raw.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const detachedAt = fields.indexOf('detachedness');
  const byConstructor = new Map<string, ConstructorFigures>();
  const detached = new Map<string, number>();
  let totalBytes = 0;
  for (let i = 0; i < raw.nodes.length; i += width) {
    const type = types[raw.nodes[i + typeAt]!]!;
    const name = raw.strings[raw.nodes[i + nameAt]!]!;
    const size = raw.nodes[i + sizeAt]!;
    totalBytes += size;
    const key =
      type === 'object' || type === 'native'
        ? name
        : type === 'closure'
          ? `(closure) ${name || 'anonymous'}`
          : type === 'string' || type === 'concatenated string' || type === 'sliced string'
            ? '(string)'
            : `(${type})`;
    const entry = byConstructor.get(key) ?? { count: 0, selfBytes: 0 };
    entry.count++;
    entry.selfBytes += size;
    byConstructor.set(key, entry);
    if (detachedAt >= 0 && raw.nodes[i + detachedAt] === 2) detached.set(name, (detached.get(name) ?? 0) + 1);
  }
  return { file, totalBytes, nodes: raw.nodes.length / width, byConstructor, detached };
}

/**
 * A snapshot's self sizes in three parts: compiled code (V8's "(code)": bytecode, machine code, feedback),
 * native memory (the embedder's C++ objects, named with "::" — among them DevTools' own record of every
 * network request while a CDP client has the Network domain on, as Playwright does — and the contents of
 * ArrayBuffers, e.g. main's KYC batches), and the rest: the JavaScript objects the page or process made.
 */
export function splitSummary(summary: HeapSummary): { code: number; native: number; objects: number } {
  let code = 0;
  let native = 0;
  let objects = 0;
  for (const [name, figures] of summary.byConstructor) {
    if (name === '(code)') code += figures.selfBytes;
    else if (name.includes('::') || name.startsWith('(synthetic)') || name === 'system / JSArrayBufferData')
      native += figures.selfBytes;
    else objects += figures.selfBytes;
  }
  return { code, native, objects };
}

interface ConstructorGrowth {
  name: string;
  countBefore: number;
  countAfter: number;
  bytesBefore: number;
  bytesAfter: number;
}

/** Constructors that grew between two snapshots, by self size grown, largest first. */
export function compareSummaries(before: HeapSummary, after: HeapSummary, top = 15): ConstructorGrowth[] {
  const names = new Set([...before.byConstructor.keys(), ...after.byConstructor.keys()]);
  const rows: ConstructorGrowth[] = [];
  for (const name of names) {
    const a = before.byConstructor.get(name) ?? { count: 0, selfBytes: 0 };
    const b = after.byConstructor.get(name) ?? { count: 0, selfBytes: 0 };
    rows.push({
      name,
      countBefore: a.count,
      countAfter: b.count,
      bytesBefore: a.selfBytes,
      bytesAfter: b.selfBytes,
    });
  }
  return rows
    .filter((row) => row.bytesAfter > row.bytesBefore || row.countAfter > row.countBefore)
    .sort((x, y) => y.bytesAfter - y.bytesBefore - (x.bytesAfter - x.bytesBefore))
    .slice(0, top);
}
