// Reads a V8 CPU profile (node --cpu-prof) and says where its time went: the functions with the most
// self time, and the time under named functions grouped into labelled parts (the innermost named frame
// of a sample decides its part). Samples are wall-clock ticks; "(idle)", time the thread waited for
// events, is counted apart and left out of both lists.
import { readFileSync } from 'node:fs';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export type ProfilePart = { label: string; functions: readonly string[] };
type ProfileSummary = {
  totalMs: number;
  idleMs: number;
  selfTime: { name: string; ms: number }[];
  parts: { label: string; ms: number }[];
};

function shortUrl(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const src = url.search(/\/(src|bench|tests)\//);
  return src >= 0 ? url.slice(src + 1) : url;
}

export function summarizeProfile(
  file: string,
  parts: readonly ProfilePart[],
  options: { top: number; otherLabel: string },
): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const sampled = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000);
  });
  const partOf = new Map<string, string>();
  for (const part of parts) for (const name of part.functions) partOf.set(name, part.label);

  let totalMs = 0;
  let idleMs = 0;
  const self = new Map<string, number>();
  const byPart = new Map<string, number>();
  for (const [id, ms] of sampled) {
    const node = nodes.get(id)!;
    totalMs += ms;
    if (node.callFrame.functionName === '(idle)') {
      idleMs += ms;
      continue;
    }
    const url = shortUrl(node.callFrame.url);
    const name = `${node.callFrame.functionName || '(anonymous)'}${url ? ` ${url}` : ''}`;
    self.set(name, (self.get(name) ?? 0) + ms);
    let label = options.otherLabel;
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const found = partOf.get(nodes.get(at)!.callFrame.functionName);
      if (found) {
        label = found;
        break;
      }
    }
    byPart.set(label, (byPart.get(label) ?? 0) + ms);
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return {
    totalMs,
    idleMs,
    selfTime: sorted(self)
      .slice(0, options.top)
      .map(([name, ms]) => ({ name, ms })),
    parts: sorted(byPart).map(([label, ms]) => ({ label, ms })),
  };
}
