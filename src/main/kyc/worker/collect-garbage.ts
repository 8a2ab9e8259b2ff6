// A large file's bytes and cell offsets (hundreds of megabytes of shared memory) are returned only once every
// thread that held them has collected its garbage, and a thread that is mostly idle (main between files, a
// worker between jobs) seldom does: the next large file would then be read while the last one's memory is
// still held, and the two stack up. So once such a file is let go, main and the idle workers ask V8 for a
// full collection (a few milliseconds over their small heaps). V8 exposes it only to contexts made after
// the flag is set, hence a context of its own.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * V8's collector, or nothing where the runtime does not give it (an embedder that refuses the flag: the
 * memory is then let go whenever V8 collects on its own — later, never wrongly).
 */
function collector(): () => void {
  if (!collect) {
    try {
      setFlagsFromString('--expose-gc');
      const gc: unknown = runInNewContext('gc');
      collect = typeof gc === 'function' ? (gc as () => void) : () => undefined;
    } catch {
      collect = () => undefined;
    }
  }
  return collect;
}

/** A full collection of this thread's heap after the current turn of its event loop; never throws. */
export async function collectGarbageSoon(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  try {
    collector()();
  } catch {
    // A collection that could not run leaves the memory to V8's own; nothing else depends on it.
  }
}
