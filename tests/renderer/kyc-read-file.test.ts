// A KYC file is checked in the page before it is sent to main by path: the kinds Paydesk reads, the size
// limit main announced (kyc.prepare), and empty files, each refused in the same words main would use.

import { fileProblem, KYC_FILE_ACCEPT } from '@renderer/features/kyc/read-file';
import { beforeAll, describe, expect, it } from 'vitest';
import { speak } from './support/desk-language';

beforeAll(() => speak('en'));

const MB = 1024 * 1024;

beforeAll(() => speak('en'));

describe('a KYC file checked in the page', () => {
  it('accepts the kinds main reads, whatever the case of the extension', () => {
    for (const name of ['a.csv', 'b.TSV', 'c.txt', 'd.xlsx', 'e.Json']) {
      expect(fileProblem({ name, size: 10 }, 256 * MB)).toBeUndefined();
    }
    expect(KYC_FILE_ACCEPT).toBe('.csv,.tsv,.txt,.xlsx,.json');
  });

  it('refuses other kinds, with advice for a legacy workbook', () => {
    expect(fileProblem({ name: 'old.xls', size: 10 })).toMatch(/legacy Excel 97–2003 workbook/);
    expect(fileProblem({ name: 'passport.png', size: 10 })).toBe(
      '"passport.png" is not a file Paydesk reads: open a CSV, XLSX or JSON file.',
    );
    expect(fileProblem({ name: 'noextension', size: 10 })).toMatch(/not a file Paydesk reads/);
  });

  it('refuses a file past the limit main gave, in main’s words, and an empty one', () => {
    const problem = fileProblem({ name: 'everyone.csv', size: 300 * MB }, 256 * MB);
    expect(problem).toBe(
      '"everyone.csv" is 300 MB; Paydesk opens files of at most 256 MB. Split it into smaller files.',
    );
    expect(fileProblem({ name: 'a.csv', size: 12.5 * MB }, 12 * MB)).toBe(
      '"a.csv" is 12.5 MB; Paydesk opens files of at most 12 MB. Split it into smaller files.',
    );
    expect(fileProblem({ name: 'limit.csv', size: 256 * MB }, 256 * MB)).toBeUndefined();
    expect(fileProblem({ name: 'empty.csv', size: 0 }, 256 * MB)).toBe('"empty.csv" is empty.');
  });

  it('leaves the size to main until main has said its limit', () => {
    expect(fileProblem({ name: 'everyone.csv', size: 300 * MB })).toBeUndefined();
  });
});
