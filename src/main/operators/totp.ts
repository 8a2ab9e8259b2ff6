// The second factor (PCI DSS 8.4.2): a TOTP authenticator, RFC 6238 with SHA-1, 6 digits and 30-second
// steps (what every authenticator app reads from a QR code), through the otpauth library; the QR code
// through qrcode. A code is accepted one step either side of now (a phone's clock a little off), and
// never twice: the caller keeps the last step used and passes it back.
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const PERIOD_S = 30;
const DIGITS = 6;
/** Steps either side of now that still count (RFC 6238 section 5.2 recommends at most one). */
const SKEW_STEPS = 1;

function totpOf(secretBase32: string, operatorId: string): TOTP {
  return new TOTP({
    issuer: 'Paydesk',
    label: operatorId,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret of 160 bits (RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secretBase32: string, operatorId: string): string {
  return totpOf(secretBase32, operatorId).toString();
}

export async function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

type CodeCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'replayed' };

/**
 * Whether `code` is the secret's code for now (± one step), and not one used already: `lastStep` is the
 * step of the last code accepted for this account (0 for none).
 */
export function checkCode(
  secretBase32: string,
  operatorId: string,
  code: string,
  lastStep: number,
  nowMs: number,
): CodeCheck {
  const totp = totpOf(secretBase32, operatorId);
  const delta = totp.validate({ token: code, timestamp: nowMs, window: SKEW_STEPS });
  if (delta === null) return { ok: false, reason: 'wrong' };
  const step = totp.counter({ timestamp: nowMs }) + delta;
  if (step <= lastStep) return { ok: false, reason: 'replayed' };
  return { ok: true, step };
}

/** The code for a moment (tests and the first-code check in tests compute it as an app would). */
export function codeAt(secretBase32: string, nowMs: number): string {
  return totpOf(secretBase32, 'x').generate({ timestamp: nowMs });
}
