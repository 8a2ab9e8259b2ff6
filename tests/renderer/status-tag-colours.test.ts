// A status tag's colours live in a stylesheet (status-tag.css), one rule per Mantine colour: every colour a
// status or a KYC row or chunk state wears must have its rule, or its tag would lose its tint and edge.

import { CHUNK_STATE_LOOK, ROW_STATE_LOOK } from '@renderer/features/kyc/StateLabels';
import { STATUS_LOOK } from '@renderer/lib/status-look';
import { describe, expect, it } from 'vitest';

// Read from disk through Node (these tests compile with the page's types, and the test runner empties CSS
// imports): the stylesheet as the build bundles it.
type Fs = { readFileSync(path: URL, encoding: 'utf8'): string };
const node = (globalThis as unknown as { process: { getBuiltinModule(id: string): unknown } }).process;
const statusTagCss = (node.getBuiltinModule('node:fs') as Fs).readFileSync(
  new URL('../../src/renderer/src/lib/status-tag.css', import.meta.url),
  'utf8',
);

const colours = new Set(
  [...Object.values(STATUS_LOOK), ...Object.values(ROW_STATE_LOOK), ...Object.values(CHUNK_STATE_LOOK)].map(
    (look) => look.color,
  ),
);

describe('status tag colours', () => {
  for (const colour of colours) {
    it(`${colour} has its edge and ground`, () => {
      const rule = new RegExp(
        `\\.paydesk-status-tag\\[data-color="${colour}"\\]\\s*\\{[^}]*border-left-color:\\s*var\\(--mantine-color-${colour}-7\\);[^}]*background:\\s*var\\(--mantine-color-${colour}-1\\);`,
      );
      expect(statusTagCss).toMatch(rule);
    });
  }
});
