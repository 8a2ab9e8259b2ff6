// A file opened by path is read here, in the worker, from the descriptor main opened and checked
// (kyc/open-path.ts): straight into shared memory, which the batch keeps as its cells' text, so the file's
// bytes exist once, and main's event loop never waits on a read of a few hundred megabytes.
import { readSync } from 'node:fs';
import { refusal } from '../../i18n/refuse';

/** Bytes per read: large enough to be cheap, small enough that a stopped worker stops soon. */
const READ_BYTES = 8 * 1024 * 1024;

/** The whole file behind `fd`, which main found to be `size` bytes; refused when it has changed since. */
export function readDescriptor(fd: number, size: number): Uint8Array {
  const bytes = new Uint8Array(new SharedArrayBuffer(size));
  let at = 0;
  while (at < size) {
    const read = readSync(fd, bytes, at, Math.min(READ_BYTES, size - at), at);
    if (read === 0) break;
    at += read;
  }
  // Shorter than it was, or longer: being written while it is read.
  if (at < size || readSync(fd, new Uint8Array(1), 0, 1, size) !== 0) {
    throw refusal('conflict', 'refusal.kyc.fileChangedReading');
  }
  return bytes;
}
