// A CPU profile of the renderer page over one scenario (CDP Profiler, 100 µs sampling), saved as a .cpuprofile that
// Chromium's DevTools open, and summed up here: self time by function and by source file, the minified
// bundle's positions mapped back to the sources through the build's hidden source maps when there are any
// (bench/ui.ts --profile builds with them).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession } from '@playwright/test';
import { SourceMap } from './source-map';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export async function startProfile(session: CDPSession): Promise<void> {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
}

export async function stopProfile(session: CDPSession, file: string): Promise<CpuProfile> {
  const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  writeFileSync(file, JSON.stringify(profile));
  return profile;
}

/** Maps bundle positions to source positions, one source map per bundle file, when the build kept them. */
function sourceMapper(assetsDir: string | undefined) {
  const consumers = new Map<string, SourceMap | undefined>();
  return (frame: CallFrame): { file: string; name: string } => {
    const base = frame.url.split('/').pop()?.split('?')[0] ?? '';
    const bare = { file: base || frame.url || '(native)', name: frame.functionName || '(anonymous)' };
    if (!assetsDir || !base.endsWith('.js')) return bare;
    if (!consumers.has(base)) {
      const map = join(assetsDir, `${base}.map`);
      consumers.set(base, existsSync(map) ? new SourceMap(JSON.parse(readFileSync(map, 'utf8'))) : undefined);
    }
    const consumer = consumers.get(base);
    if (!consumer) return bare;
    const at = consumer.originalPositionFor(frame.lineNumber + 1, frame.columnNumber);
    if (!at) return bare;
    const file = at.source.includes('node_modules/')
      ? at.source.replace(/.*node_modules\/((@[^/]+\/)?[^/]+)\/.*/, '$1')
      : at.source.replace(/.*\/src\//, 'src/');
    return { file, name: `${at.name ?? frame.functionName ?? '(anonymous)'} (${file}:${at.line})` };
  };
}

const frameIsCode = (file: string) => !file.startsWith('(') && file !== '';

interface ProfileSummary {
  totalMs: number;
  byFunction: [string, number][];
  byFile: [string, number][];
  /** Time with the function anywhere on the stack. */
  inclusive: [string, number][];
}

/** Self time per function and per file over the profile (idle and the profiler's own program time apart). */
export function summarizeProfile(profile: CpuProfile, assetsDir?: string, top = 12): ProfileSummary {
  const map = sourceMapper(assetsDir);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    const where = frame.url ? map(frame) : { file: frame.functionName, name: frame.functionName };
    byFunction.set(where.name, (byFunction.get(where.name) ?? 0) + us / 1000);
    byFile.set(where.file, (byFile.get(where.file) ?? 0) + us / 1000);
    total += us / 1000;
  }
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const mapped = new Map<number, { file: string; name: string }>();
  const where = (id: number) => {
    let found = mapped.get(id);
    if (!found) {
      const frame = nodes.get(id)!.callFrame;
      found = frame.url ? map(frame) : { file: frame.functionName, name: frame.functionName };
      mapped.set(id, found);
    }
    return found;
  };
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    if (nodes.get(id)!.callFrame.functionName === '(idle)') continue;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const { file, name } = where(at);
      if (frameIsCode(file) && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + us / 1000);
      }
    }
  }
  const sorted = (entries: Map<string, number>, n = top) =>
    [...entries].sort((a, b) => b[1] - a[1]).slice(0, n);
  return {
    totalMs: total,
    byFunction: sorted(byFunction),
    byFile: sorted(byFile),
    inclusive: sorted(inclusive, top * 3),
  };
}

export function printProfileSummary(title: string, summary: ProfileSummary): void {
  console.log(`\n${title}: ${summary.totalMs.toFixed(0)} ms on the page's main thread (not idle)`);
  console.log('  self time by source file:');
  for (const [file, ms] of summary.byFile) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${file}`);
  console.log('  self time by function:');
  for (const [name, ms] of summary.byFunction) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${name}`);
  console.log('  time with each function on the stack:');
  for (const [name, ms] of summary.inclusive) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${name}`);
}
