// What bench/ui.ts reads in the page, with the browser's own instruments: Long Animation Frames (every frame
// whose work took over 50 ms, with the scripts in it), Event Timing (input to the next paint, as the browser
// times it, for events of 16 ms and more), and a frame recorder (requestAnimationFrame's frame times while a
// scenario runs). Per keystroke it also takes keydown → the end of the next rendering (a task posted from the
// next animation frame runs once that frame's style, layout and paint are done), which times keystrokes
// under 16 ms too, where Event Timing reports none. The probe is a string run before the page's own scripts
// (Playwright's init script): the bench compiles without the DOM library, and the page's CSP refuses eval.

export const UI_PROBE = `(() => {
  if (window !== window.top || window.__uiBench) return;
  const bench = (window.__uiBench = { loafs: [], events: [], frames: [], keys: [], ipc: [], recording: false });
  // The harness's bridge (not the app's IPC) sends a call as JSON over fetch: the synchronous part of each
  // big one is timed, so that its share of a long frame can be told from the page's own work.
  const stringify = JSON.stringify;
  JSON.stringify = function (...args) {
    const started = performance.now();
    const text = stringify.apply(this, args);
    if (typeof text === 'string' && text.length > 1e6)
      bench.ipc.push({ what: 'JSON.stringify', at: started, ms: performance.now() - started, length: text.length });
    return text;
  };
  const fetchOf = window.fetch;
  window.fetch = function (input, init) {
    const started = performance.now();
    const answer = fetchOf.call(this, input, init);
    const length = typeof init?.body === 'string' ? init.body.length : 0;
    if (length > 1e6) bench.ipc.push({ what: 'fetch ' + String(input), at: started, ms: performance.now() - started, length });
    return answer;
  };
  const name = (url) => (url ? String(url).split('/').pop().split('?')[0] : '');
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        bench.loafs.push({
          start: e.startTime,
          duration: e.duration,
          blocking: e.blockingDuration,
          renderStart: e.renderStart,
          styleAndLayoutStart: e.styleAndLayoutStart,
          scripts: e.scripts.map((s) => ({
            invoker: String(s.invoker),
            type: s.invokerType,
            source: name(s.sourceURL),
            fn: s.sourceFunctionName,
            duration: s.duration,
            forced: s.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        bench.events.push({ name: e.name, start: e.startTime, duration: e.duration, interactionId: e.interactionId });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {}
  const tick = (time) => {
    if (!bench.recording) return;
    bench.frames.push(time);
    requestAnimationFrame(tick);
  };
  bench.start = () => {
    bench.frames = [];
    bench.keys = [];
    bench.recording = true;
    bench.startedAt = performance.now();
    requestAnimationFrame(tick);
  };
  bench.stop = () => {
    bench.recording = false;
    bench.stoppedAt = performance.now();
  };
  // keydown → the end of the rendering that follows the keystroke's last event (keydown, then input).
  let current;
  const afterNextPaint = (key, generation) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        if (key.generation === generation) key.painted = performance.now() - key.t0;
      };
      channel.port2.postMessage(null);
    });
  addEventListener('keydown', (event) => {
    if (!bench.recording) return;
    current = { key: event.key, t0: event.timeStamp, generation: 0 };
    bench.keys.push(current);
    afterNextPaint(current, 0);
  }, true);
  addEventListener('input', () => {
    if (!bench.recording || !current) return;
    current.generation += 1;
    afterNextPaint(current, current.generation);
  }, true);
})();`;

export interface LoafScript {
  invoker: string;
  type: string;
  source: string;
  fn: string;
  duration: number;
  forced: number;
}

export interface Loaf {
  start: number;
  duration: number;
  blocking: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: LoafScript[];
}

export interface EventEntry {
  name: string;
  start: number;
  duration: number;
  interactionId: number;
}

export interface KeyEntry {
  key: string;
  t0: number;
  painted?: number;
}

/** A synchronous step of the harness's bridge on a big call (JSON.stringify, fetch with the body). */
export interface BridgeStep {
  what: string;
  at: number;
  ms: number;
  length: number;
}

export interface ProbeState {
  ipc: BridgeStep[];
  loafs: Loaf[];
  events: EventEntry[];
  frames: number[];
  keys: KeyEntry[];
  startedAt: number;
  stoppedAt: number;
}

interface Evaluator {
  evaluate<T>(expression: string): Promise<T>;
}

export const startRecording = (page: Evaluator) => page.evaluate<void>('window.__uiBench.start()');

/** Stops the frame recorder, lets the last frames and observers report, and reads everything. */
export async function stopRecording(page: Evaluator): Promise<ProbeState> {
  await page.evaluate<void>('new Promise((done) => setTimeout(done, 100))');
  await page.evaluate<void>('window.__uiBench.stop()');
  // Observers deliver their entries in a task of their own: give them one.
  await page.evaluate<void>('new Promise((done) => setTimeout(done, 50))');
  return page.evaluate<ProbeState>(
    '({ ipc: window.__uiBench.ipc, loafs: window.__uiBench.loafs, events: window.__uiBench.events, frames: window.__uiBench.frames, keys: window.__uiBench.keys, startedAt: window.__uiBench.startedAt, stoppedAt: window.__uiBench.stoppedAt })',
  );
}

/** The refresh interval the frames show (16.7 ms at 60 Hz): the most common short gap. */
function refreshInterval(gaps: readonly number[]): number {
  const short = gaps.filter((gap) => gap > 4 && gap < 40).sort((a, b) => a - b);
  return short.length > 0 ? short[Math.floor(short.length / 2)]! : 16.7;
}

export interface FrameFigures {
  frames: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  over50: number;
  /** Frames later than one refresh interval (at least one vsync missed). */
  late: number;
  refresh: number;
  /** Long animation frames that started within the recording. */
  loafs: number;
  loafMax: number;
  /** Sum of the long frames' blocking time (the part of each beyond 50 ms). */
  blockingMs: number;
}

/** Frame times (gaps between animation frames) and the long animation frames of one recording. */
export function frameFigures(state: ProbeState): FrameFigures {
  const gaps: number[] = [];
  for (let i = 1; i < state.frames.length; i++) gaps.push(state.frames[i]! - state.frames[i - 1]!);
  const sorted = [...gaps].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length === 0
      ? Number.NaN
      : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const refresh = refreshInterval(gaps);
  const loafs = loafsWithin(state);
  return {
    frames: gaps.length,
    seconds: (state.stoppedAt - state.startedAt) / 1000,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: sorted.at(-1) ?? Number.NaN,
    over50: gaps.filter((gap) => gap > 50).length,
    late: gaps.filter((gap) => gap > refresh * 1.5).length,
    refresh,
    loafs: loafs.length,
    loafMax: Math.max(0, ...loafs.map((loaf) => loaf.duration)),
    blockingMs: loafs.reduce((sum, loaf) => sum + loaf.blocking, 0),
  };
}

export function loafsWithin(state: ProbeState): Loaf[] {
  return state.loafs.filter((loaf) => loaf.start >= state.startedAt && loaf.start <= state.stoppedAt);
}

/** Where the long frames' script time went: by invoker (event type, callback kind) and source file. */
export function loafAttribution(loafs: readonly Loaf[], top = 6): string[] {
  const byInvoker = new Map<string, { ms: number; count: number }>();
  let render = 0;
  for (const loaf of loafs) {
    // From the start of rendering (rAF callbacks, style, layout, paint) to the frame's end.
    if (loaf.renderStart > 0) render += loaf.start + loaf.duration - loaf.renderStart;
    for (const script of loaf.scripts) {
      const invoker =
        script.type === 'event-listener' ? script.invoker.replace(/^.*\./, 'event ') : script.type;
      const key = `${invoker} (${script.fn || 'anonymous'} in ${script.source || '?'})`;
      const entry = byInvoker.get(key) ?? { ms: 0, count: 0 };
      entry.ms += script.duration;
      entry.count += 1;
      byInvoker.set(key, entry);
    }
  }
  const lines = [...byInvoker]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, top)
    .map(([key, { ms, count }]) => `${ms.toFixed(0)} ms in ${count} × ${key}`);
  lines.push(`${render.toFixed(0)} ms from the start of rendering to the end of these frames`);
  return lines;
}
