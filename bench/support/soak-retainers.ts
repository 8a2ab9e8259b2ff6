// What holds on to what a day left behind (npx tsx bench/support/soak-retainers.ts BEFORE AFTER
// [--of NAME] [--paths N]): two heap snapshots of the same process (bench:soak --snapshots writes
// them; node ids stay the same between snapshots of one process), the objects in AFTER that BEFORE did not
// have, grouped by constructor, and for the constructors that grew most (or each --of NAME) the retaining
// paths of a few of those objects: from each object to a GC root, through the retainer nearest the root,
// as DevTools' Retainers view shows them first.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Snapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

class Heap {
  readonly nodeWidth: number;
  readonly edgeWidth: number;
  readonly count: number;
  private readonly firstEdge: Int32Array;
  private readonly retainerStart: Int32Array;
  private readonly retainerNode: Int32Array;
  private readonly retainerEdge: Int32Array;
  readonly distance: Int32Array;
  private readonly f: Record<string, number>;
  private readonly e: Record<string, number>;

  constructor(readonly raw: Snapshot) {
    const meta = raw.snapshot.meta;
    this.nodeWidth = meta.node_fields.length;
    this.edgeWidth = meta.edge_fields.length;
    this.f = Object.fromEntries(meta.node_fields.map((name, i) => [name, i]));
    this.e = Object.fromEntries(meta.edge_fields.map((name, i) => [name, i]));
    this.count = raw.nodes.length / this.nodeWidth;
    this.firstEdge = new Int32Array(this.count + 1);
    for (let n = 0, edge = 0; n < this.count; n++) {
      this.firstEdge[n] = edge;
      edge += raw.nodes[n * this.nodeWidth + this.f.edge_count!]! * this.edgeWidth;
      this.firstEdge[n + 1] = edge;
    }
    // Retainers: for each node, the (node, edge) pairs that point at it.
    const counts = new Int32Array(this.count + 1);
    for (let i = 0; i < raw.edges.length; i += this.edgeWidth)
      counts[raw.edges[i + this.e.to_node!]! / this.nodeWidth]!++;
    this.retainerStart = new Int32Array(this.count + 1);
    for (let n = 0; n < this.count; n++) this.retainerStart[n + 1] = this.retainerStart[n]! + counts[n]!;
    const fill = this.retainerStart.slice();
    this.retainerNode = new Int32Array(raw.edges.length / this.edgeWidth);
    this.retainerEdge = new Int32Array(raw.edges.length / this.edgeWidth);
    for (let n = 0; n < this.count; n++) {
      for (let i = this.firstEdge[n]!; i < this.firstEdge[n + 1]!; i += this.edgeWidth) {
        const to = raw.edges[i + this.e.to_node!]! / this.nodeWidth;
        const at = fill[to]!++;
        this.retainerNode[at] = n;
        this.retainerEdge[at] = i;
      }
    }
    // Distances from the root (node 0), not through weak edges.
    this.distance = new Int32Array(this.count).fill(-1);
    const queue = new Int32Array(this.count);
    let head = 0;
    let tail = 0;
    queue[tail++] = 0;
    this.distance[0] = 0;
    while (head < tail) {
      const n = queue[head++]!;
      for (let i = this.firstEdge[n]!; i < this.firstEdge[n + 1]!; i += this.edgeWidth) {
        if (this.edgeType(i) === 'weak') continue;
        const to = raw.edges[i + this.e.to_node!]! / this.nodeWidth;
        if (this.distance[to] !== -1) continue;
        this.distance[to] = this.distance[n]! + 1;
        queue[tail++] = to;
      }
    }
  }

  field(n: number, name: string): number {
    return this.raw.nodes[n * this.nodeWidth + this.f[name]!]!;
  }
  type(n: number): string {
    return this.raw.snapshot.meta.node_types[0][this.field(n, 'type')]!;
  }
  name(n: number): string {
    return this.raw.strings[this.field(n, 'name')]!;
  }
  id(n: number): number {
    return this.field(n, 'id');
  }
  edgeType(i: number): string {
    return this.raw.snapshot.meta.edge_types[0][this.raw.edges[i + this.e.type!]!]!;
  }
  edgeName(i: number): string {
    const type = this.edgeType(i);
    const value = this.raw.edges[i + this.e.name_or_index!]!;
    return type === 'element' || type === 'hidden' ? `[${value}]` : this.raw.strings[value]!;
  }
  key(n: number): string {
    const type = this.type(n);
    const name = this.name(n);
    if (type === 'object' || type === 'native') return name;
    if (type === 'closure') return `(closure) ${name || 'anonymous'}`;
    if (type === 'string' || type === 'concatenated string' || type === 'sliced string') return '(string)';
    return `(${type})`;
  }
  label(n: number): string {
    const type = this.type(n);
    const name = this.name(n).slice(0, 60);
    return `${type === 'object' || type === 'native' ? name : `(${type}) ${name}`} @${this.id(n)}`;
  }

  /** The path from `n` to the root through the retainer nearest the root, each step "holder .edge". */
  pathToRoot(n: number, maxSteps = 14): string[] {
    const steps: string[] = [this.label(n)];
    let current = n;
    for (let step = 0; step < maxSteps && current !== 0; step++) {
      let best = -1;
      let bestEdge = -1;
      for (let r = this.retainerStart[current]!; r < this.retainerStart[current + 1]!; r++) {
        const holder = this.retainerNode[r]!;
        const edge = this.retainerEdge[r]!;
        if (this.edgeType(edge) === 'weak' || this.distance[holder] === -1) continue;
        if (best === -1 || this.distance[holder]! < this.distance[best]!) {
          best = holder;
          bestEdge = edge;
        }
      }
      if (best === -1) {
        steps.push('(no strong retainer)');
        break;
      }
      steps.push(`${this.label(best)} .${this.edgeName(bestEdge)}`);
      current = best;
    }
    return steps;
  }
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    of: { type: 'string', multiple: true },
    paths: { type: 'string', default: '3' },
    top: { type: 'string', default: '12' },
    steps: { type: 'string', default: '30' },
  },
});
if (positionals.length !== 2) {
  console.error('usage: soak-retainers.ts BEFORE.heapsnapshot AFTER.heapsnapshot [--of NAME] [--paths N]');
  process.exit(2);
}
const load = (file: string) => new Heap(JSON.parse(readFileSync(file, 'utf8')) as Snapshot);
const before = load(positionals[0]!);
const beforeIds = new Set<number>();
for (let n = 0; n < before.count; n++) beforeIds.add(before.id(n));
const after = load(positionals[1]!);

const fresh = new Map<string, number[]>();
for (let n = 0; n < after.count; n++) {
  if (beforeIds.has(after.id(n)) || after.distance[n] === -1) continue;
  const key = after.key(n);
  if (!fresh.has(key)) fresh.set(key, []);
  fresh.get(key)!.push(n);
}
const ranked = [...fresh].sort((a, b) => b[1].length - a[1].length);
console.log(`objects in the second snapshot that the first did not have (reachable), by constructor:`);
for (const [key, nodes] of ranked.slice(0, Number(values.top)))
  console.log(`  ${String(nodes.length).padStart(7)}  ${key}`);

const chosen = values.of ?? ranked.slice(0, 4).map(([key]) => key);
for (const key of chosen) {
  const nodes = fresh.get(key) ?? [];
  console.log(
    `\n${key}: ${nodes.length} new; retaining paths of ${Math.min(nodes.length, Number(values.paths))}:`,
  );
  // Spread over the list: the first, middle and last ones made.
  const picks = new Set<number>();
  const wanted = Math.min(nodes.length, Number(values.paths));
  for (let i = 0; i < wanted; i++)
    picks.add(nodes[Math.floor((i * (nodes.length - 1)) / Math.max(1, wanted - 1))]!);
  for (const n of picks) {
    console.log(`  ${after.pathToRoot(n, Number(values.steps)).join('\n    ← ')}`);
  }
}
