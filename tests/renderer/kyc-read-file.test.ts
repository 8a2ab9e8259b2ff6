// A KYC file crosses IPC as base64 (kyc.open): read and encoded a slice at a time, the text must be the
// whole file's base64 exactly, at every size around the slice edges, natively encoded or not.

import { readBase64, SLICE_BYTES, sliceToBase64 } from '@renderer/features/kyc/read-file';
import { afterEach, describe, expect, it } from 'vitest';

function bytesOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(size));
  for (let i = 0; i < size; i++) bytes[i] = (i * 7919 + (i >> 8)) & 0xff;
  return bytes;
}

/** The reference: the browser's own btoa over the whole file at once. */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const SIZES = [0, 1, 2, 3, 4, SLICE_BYTES - 1, SLICE_BYTES, SLICE_BYTES + 1, 2 * SLICE_BYTES + 2];

type Proto = { toBase64?: unknown };
const proto = Uint8Array.prototype as Proto;
const native = proto.toBase64;

afterEach(() => {
  if (native === undefined) delete proto.toBase64;
  else proto.toBase64 = native;
});

describe('reading a file as base64 a slice at a time', () => {
  it('slices are whole groups of three bytes, so their texts join without padding inside', () => {
    expect(SLICE_BYTES % 3).toBe(0);
  });

  for (const size of SIZES) {
    it(`gives the whole file's base64 for ${size} bytes`, async () => {
      const bytes = bytesOf(size);
      expect(await readBase64(new Blob([bytes]))).toBe(base64Of(bytes));
    });
  }

  it('encodes the same without the engine’s own toBase64 as with it', () => {
    const bytes = bytesOf(SLICE_BYTES + 5);
    const expected = base64Of(bytes);
    delete proto.toBase64;
    expect(sliceToBase64(bytes)).toBe(expected);
    proto.toBase64 = function (this: Uint8Array) {
      return base64Of(this);
    };
    expect(sliceToBase64(bytes)).toBe(expected);
  });
});
