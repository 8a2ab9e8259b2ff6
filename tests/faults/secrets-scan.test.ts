// The secrets scan of drill 6 is only worth something if it finds what it looks for and nothing else: this
// plants secrets in the encodings a file may use and look-alikes that are not secrets.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { filesUnder, maskedSightings, scanForSecrets } from '../support/drills/secrets-scan';
import { tempFolderForFile } from '../support/temp-folder';

const CARD = '4000000000009995';
const CVV = '737';
const SECRET = 'drill-secret-0123456789abcdef';
const dir = tempFolderForFile('paydesk-scan-');

beforeAll(() => {
  writeFileSync(
    join(dir, 'clean.log'),
    `{"cardNumber":"400000******9995","cvv":"[REDACTED]","port":7370,"hash":"a737b"}\n`,
  );
  writeFileSync(join(dir, 'card.json'), `{"request":{"cardNumber":"${CARD}"}}`);
  writeFileSync(join(dir, 'cvv.form'), `expDate=12%2F34&cvv=${CVV}&amount=7.37`);
  // UTF-16 at an odd offset, as inside a binary file, with an odd total length.
  writeFileSync(
    join(dir, 'report.bin'),
    Buffer.concat([Buffer.from([0]), Buffer.from(`secret=${SECRET}`, 'utf16le'), Buffer.from([1, 2])]),
  );
});

it('finds a full card number, a CVV by its field and the merchant secret, in UTF-8 and UTF-16', () => {
  const scan = scanForSecrets(
    filesUnder(dir),
    { cardNumbers: [CARD], cvvs: [CVV], merchantSecrets: [SECRET] },
    dir,
  );
  const found = scan.findings.map((finding) => `${finding.file}: ${finding.what}`).sort();
  expect(found).toEqual([
    'card.json: full card number 400000******9995 (utf8)',
    'cvv.form: CVV 737 next to its field (utf8)',
    'report.bin: merchant secret (utf16le+1)',
  ]);
  // The context shown never repeats the secret itself.
  for (const finding of scan.findings) {
    expect(finding.context).not.toContain(CARD);
    expect(finding.context).not.toContain(SECRET);
  }
});

it('counts masked card numbers, and takes neither them nor stray digits for secrets', () => {
  const scan = scanForSecrets(
    [join(dir, 'clean.log')],
    { cardNumbers: [CARD], cvvs: [CVV], merchantSecrets: [SECRET] },
    dir,
  );
  expect(scan.findings).toEqual([]);
  expect(maskedSightings(scan, /clean\.log$/)).toBe(1);
});
