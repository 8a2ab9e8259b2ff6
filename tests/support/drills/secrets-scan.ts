// Scans files as bytes for secrets at rest: full card numbers, CVVs next to their field name, the merchant
// secret, and keyed hashes of card data (which give the card back to a brute force), in UTF-8 and UTF-16
// (a report or a crash dump may use either). It also counts the masked card
// numbers it sees, so that a caller can prove the scan looked at files that do hold card data.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { maskCardNumber } from '@shared/cards/card';

interface SecretsToFind {
  cardNumbers: Iterable<string>;
  cvvs: Iterable<string>;
  merchantSecrets: Iterable<string>;
  /**
   * Keyed hashes of card data that whoever holds the key can compute for a candidate card (a v1 sign
   * under the merchant secret, say): finding one at rest is finding the card, by brute force.
   */
  keyedHashes?: Iterable<{ label: string; value: string }>;
}

interface Finding {
  file: string;
  what: string;
  /** A little text around the finding, with the secret itself replaced by its description. */
  context: string;
}

interface ScanResult {
  files: string[];
  findings: Finding[];
  /** How often each masked card number (first 6 + last 4) appears, per file. */
  maskedSeen: Map<string, Map<string, number>>;
}

/** Every regular file under the given files or folders. */
export function filesUnder(...paths: string[]): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else if (stat.isFile()) found.push(path);
  };
  for (const path of paths) visit(path);
  return found.sort();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A CVV only counts next to a CVV field name — `"cvv":"123"`, `cvv=123`, `cvv: 123`, `"cvc": 1234` — so
 * that a 3-digit run in a hash, a timestamp or a port number is never taken for one.
 */
function cvvPattern(cvv: string): RegExp {
  return new RegExp(`\\b(cvv2?|cvc)["']?\\s*[:=]\\s*["']?${escapeRegExp(cvv)}(?!\\d)`, 'gi');
}

function around(text: string, index: number, length: number, label: string): string {
  const start = Math.max(0, index - 40);
  const before = text.slice(start, index);
  const after = text.slice(index + length, index + length + 40);
  return `${before}<${label}>${after}`.replace(/[^\x20-\x7e]/g, '.');
}

export function scanForSecrets(files: readonly string[], secrets: SecretsToFind, root = ''): ScanResult {
  const cards = [...new Set(secrets.cardNumbers)];
  const cvvs = [...new Set(secrets.cvvs)];
  const merchantSecrets = [...new Set(secrets.merchantSecrets)];
  const keyedHashes = [...(secrets.keyedHashes ?? [])];
  const findings: Finding[] = [];
  const maskedSeen = new Map<string, Map<string, number>>();
  for (const file of files) {
    const bytes = readFileSync(file);
    const name = root ? relative(root, file) : file;
    // latin1 keeps one character per byte, so a UTF-8 secret is found as its bytes whatever surrounds it.
    // UTF-16 read from an odd offset, with an even length: Node 24 writes past its buffer when decoding an
    // odd-length UCS-2 slice at an odd start (heap corruption; nodejs/node PR #64697).
    const shifted = bytes.subarray(1, bytes.length - ((bytes.length - 1) % 2));
    const views = [
      { encoding: 'utf8', text: bytes.toString('latin1') },
      { encoding: 'utf16le', text: bytes.toString('utf16le') },
      { encoding: 'utf16le+1', text: shifted.toString('utf16le') },
    ];
    const note = (what: string, text: string, index: number, length: number) =>
      findings.push({ file: name, what, context: around(text, index, length, what) });
    for (const { encoding, text } of views) {
      for (const card of cards) {
        const index = text.indexOf(card);
        if (index >= 0)
          note(`full card number ${maskCardNumber(card)} (${encoding})`, text, index, card.length);
      }
      for (const secret of merchantSecrets) {
        const index = text.indexOf(secret);
        if (index >= 0) note(`merchant secret (${encoding})`, text, index, secret.length);
      }
      for (const cvv of cvvs) {
        for (const match of text.matchAll(cvvPattern(cvv)))
          note(`CVV ${cvv} next to its field (${encoding})`, text, match.index, match[0].length);
      }
      for (const { label, value } of keyedHashes) {
        const index = text.indexOf(value);
        if (index >= 0) note(`${label} (${encoding})`, text, index, value.length);
      }
    }
    const seen = new Map<string, number>();
    const latin1 = views[0]!.text;
    for (const card of cards) {
      const masked = maskCardNumber(card);
      const count = latin1.split(masked).length - 1;
      if (count > 0) seen.set(masked, count);
    }
    maskedSeen.set(name, seen);
  }
  return { files: files.map((file) => (root ? relative(root, file) : file)), findings, maskedSeen };
}

/** Total sightings of any masked card number in the files whose name matches `name`. */
export function maskedSightings(result: ScanResult, name: RegExp): number {
  let total = 0;
  for (const [file, seen] of result.maskedSeen) {
    if (!name.test(file)) continue;
    for (const count of seen.values()) total += count;
  }
  return total;
}
