// The KYC page opens a file by handing the File itself to window.paydesk.openKycFile (main reads it from
// disk): never its bytes, never a path. A file past the limit main announced (kyc.prepare) is refused in
// the page with nothing sent. (A stand-in for window.paydesk records what the page asks.)
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useKycStore } from '../../src/renderer/src/features/kyc/store';
import type { KycBatchSummary } from '../../src/shared/kyc-batch';
import { speak } from './support/desk-language';

const summary = {
  batchId: 'b1',
  fileName: 'people.csv',
  format: 'csv',
  sha256: 'a'.repeat(64),
  counts: { total: 2, valid: 2, invalid: 0, accepted: 0, rejected: 0, sending: 0, checking: 0, warnings: 0 },
  mapping: [],
  unmappedHeaders: [],
  missingRequiredFields: [],
  errors: [],
  warnings: [],
  dateColumns: [],
  mappingFrom: 'guessed',
} satisfies KycBatchSummary;

let invoked: string[] = [];
let opened: unknown[] = [];

beforeAll(() => speak('en'));

beforeEach(() => {
  invoked = [];
  opened = [];
  (globalThis as unknown as { window: unknown }).window = {
    paydesk: {
      invoke: async (channel: string) => {
        invoked.push(channel);
        if (channel === 'kyc.prepare') return { ok: true, data: { ready: true, maxFileBytes: 100 } };
        return {
          ok: true,
          data: { batchId: 'b1', filter: 'all', offset: 0, total: 0, rows: [], counts: summary.counts },
        };
      },
      on: () => () => undefined,
      openKycFile: async (file: unknown) => {
        opened.push(file);
        return { ok: true, data: summary };
      },
    },
  };
  useKycStore.setState({
    summary: undefined,
    counts: undefined,
    fileError: undefined,
    maxFileBytes: undefined,
  });
});

describe('opening a KYC file from the page', () => {
  it('hands main the File itself, not its bytes', async () => {
    const file = new File(['userId\r\nu1\r\nu2\r\n'], 'people.csv');
    await useKycStore.getState().open(file);
    expect(opened).toEqual([file]);
    expect(invoked).not.toContain('kyc.open');
    expect(useKycStore.getState().summary).toEqual(summary);
  });

  it('learns the limit from main and refuses a larger file without sending it', async () => {
    await useKycStore.getState().prepare();
    expect(useKycStore.getState().maxFileBytes).toBe(100);
    await useKycStore.getState().open(new File(['x'.repeat(101)], 'big.csv'));
    expect(opened).toEqual([]);
    expect(useKycStore.getState().fileError).toBe(
      '"big.csv" is 0.1 KB; Paydesk opens files of at most 0.1 KB. Split it into smaller files.',
    );
  });

  it('says what main answered when it refuses the file', async () => {
    (window.paydesk as unknown as { openKycFile: unknown }).openKycFile = async () => ({
      ok: false,
      error: { kind: 'invalid', message: '"people.csv" is not a file.' },
    });
    await useKycStore.getState().open(new File(['x'], 'people.csv'));
    expect(useKycStore.getState().fileError).toBe(
      '"people.csv" could not be opened: "people.csv" is not a file.',
    );
  });
});
