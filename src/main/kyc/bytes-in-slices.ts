// A file's bytes go into shared memory, which the worker reads and the batch later keeps without another
// copy. Copying or decoding 64 MB at once holds main's event loop for tens of milliseconds (more on a busy
// machine, where fresh pages are slow to come by); done a megabyte at a time, each turn stays short.
import { yieldToEventLoop } from './yield';

const SLICE_BYTES = 1024 * 1024;
/** Base64 characters per slice: a multiple of 4, so every slice decodes on its own. */
const SLICE_CHARS = Math.floor(SLICE_BYTES / 3) * 4;

/** A copy of `bytes` in shared memory. */
export async function copyInSlices(bytes: Uint8Array): Promise<Uint8Array> {
  const copy = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  for (let at = 0; at < bytes.byteLength; at += SLICE_BYTES) {
    copy.set(bytes.subarray(at, at + SLICE_BYTES), at);
    if (at + SLICE_BYTES < bytes.byteLength) await yieldToEventLoop();
  }
  return copy;
}

/** Base64 text (as IPC carries a file) to bytes in shared memory. */
export async function decodeBase64InSlices(text: string): Promise<Uint8Array> {
  const bytes = new Uint8Array(new SharedArrayBuffer(Buffer.byteLength(text, 'base64')));
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let written = 0;
  for (let at = 0; at < text.length; at += SLICE_CHARS) {
    written += view.write(text.slice(at, at + SLICE_CHARS), written, 'base64');
    if (at + SLICE_CHARS < text.length) await yieldToEventLoop();
  }
  return written === bytes.byteLength ? bytes : bytes.subarray(0, written);
}
