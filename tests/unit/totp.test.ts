// The second factor: RFC 6238's own test vector, the one-step skew either side, and a code never twice.
import { describe, expect, it } from 'vitest';
import { checkCode, codeAt, newTotpSecret, otpauthUri } from '../../src/main/operators/totp';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('computes the codes of RFC 6238 appendix B (the last 6 of its 8 digits)', () => {
    expect(codeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(codeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(codeAt(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
    expect(codeAt(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('accepts a code one step either side of now, not two', () => {
    const now = 1_234_567_890_000;
    const step = Math.floor(now / 30_000);
    for (const offset of [-1, 0, 1]) {
      expect(checkCode(RFC_SECRET, 'x', codeAt(RFC_SECRET, now + offset * 30_000), 0, now)).toEqual({
        ok: true,
        step: step + offset,
      });
    }
    for (const offset of [-2, 2]) {
      expect(checkCode(RFC_SECRET, 'x', codeAt(RFC_SECRET, now + offset * 30_000), 0, now)).toEqual({
        ok: false,
        reason: 'wrong',
      });
    }
  });

  it('refuses a code of a step already used, or of one before it', () => {
    const now = 1_234_567_890_000;
    const step = Math.floor(now / 30_000);
    const code = codeAt(RFC_SECRET, now);
    expect(checkCode(RFC_SECRET, 'x', code, step, now)).toEqual({ ok: false, reason: 'replayed' });
    expect(checkCode(RFC_SECRET, 'x', codeAt(RFC_SECRET, now - 30_000), step, now)).toEqual({
      ok: false,
      reason: 'replayed',
    });
    expect(checkCode(RFC_SECRET, 'x', codeAt(RFC_SECRET, now + 30_000), step, now)).toMatchObject({
      ok: true,
    });
  });

  it('makes 160-bit secrets and an otpauth URI an authenticator app reads', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(otpauthUri(secret, 'ana.ruiz'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Paydesk');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(uri.pathname)).toContain('ana.ruiz');
  });
});
