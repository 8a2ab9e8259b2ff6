// Reads a PDF the way a person would: poppler's pdftotext for its words, pdftoppm for its picture
// (Debian's poppler-utils, installed by .ci/run).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';

function inTempDir<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-pdf-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function pdfText(pdf: Uint8Array): string {
  return inTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'in.pdf'), '-'], { encoding: 'utf8' });
  });
}

export function pdfPageCount(pdf: Uint8Array): number {
  return inTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const info = execFileSync('pdfinfo', [join(dir, 'in.pdf')], { encoding: 'utf8' });
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  });
}

/** The first page as an 8-bit grey PNG at `dpi`. */
export function pdfPagePng(pdf: Uint8Array, dpi = 72): Buffer {
  return inTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-gray',
      '-r',
      String(dpi),
      '-singlefile',
      join(dir, 'in.pdf'),
      join(dir, 'page'),
    ]);
    return readFileSync(join(dir, 'page.png'));
  });
}

/**
 * How many pixels of two same-sized pictures differ in grey by more than `tolerance` (anti-aliasing moves
 * edges a few levels between poppler builds; one changed digit changes dozens of pixels by far more).
 * Infinity when the sizes differ.
 */
export function differingPixels(actual: Buffer, expected: Buffer, tolerance = 64): number {
  const a = PNG.sync.read(actual);
  const b = PNG.sync.read(expected);
  if (a.width !== b.width || a.height !== b.height) return Number.POSITIVE_INFINITY;
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)) > tolerance) differing++;
  }
  return differing;
}
