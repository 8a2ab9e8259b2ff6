// What an e-mail address may hold (assumption A31): RFC 6531 addresses, unquoted, within A10's 64
// characters; every refusal names the character, or the part, at fault.
import { characterName, emailAddressProblem } from '@shared/gateway/email-address';
import { email } from '@shared/gateway/fields';
import { describe, expect, it } from 'vitest';

describe('addresses taken', () => {
  it.each([
    'name@example.com',
    'first.last+tag@mail.example.org',
    "o'brien@example.ie",
    'x!#$%&*/=?^_`{|}~-y@example.com',
    'zoë.rossi14@example.com',
    // The same name with the diaeresis as a combining mark (NFD), as some exports write it.
    'zoe\u0308.rossi14@example.com',
    'josé.garcía@correo.es',
    'Δοκιμή@παράδειγμα.δοκιμή',
    '用户@例子.广告',
    'anna@münchen.de',
    'anna@xn--mnchen-3ya.de',
    'a@b-c.example.co.uk',
    'a@b.xn--p1ai',
  ])('%s', (address) => {
    expect(emailAddressProblem(address)).toBeUndefined();
    expect(email.safeParse(address).success).toBe(true);
  });
});

describe('addresses refused, and why', () => {
  it.each([
    ['zoë,rossi@example.com', 'An e-mail address cannot hold "," before "@".'],
    ['zoë rossi@example.com', 'An e-mail address cannot hold a space before "@".'],
    [
      'zoe\u200brossi@example.com',
      'An e-mail address cannot hold an invisible character (U+200B) before "@".',
    ],
    ['"zoe"@example.com', 'An e-mail address cannot hold """ before "@".'],
    ['zoe😀@example.com', 'An e-mail address cannot hold "😀" before "@".'],
    ['zoe@exa_mple.com', 'An e-mail address cannot hold "_" in its domain (after "@").'],
    ['zoe@[127.0.0.1]', 'An e-mail address cannot hold "[" in its domain (after "@").'],
    ['zoe.example.com', 'An e-mail address such as name@example.com: this one has no "@".'],
    ['zoe@@example.com', 'An e-mail address holds one "@"; this one has 2.'],
    ['@example.com', 'An e-mail address such as name@example.com: nothing comes before "@".'],
    ['zoe@', 'An e-mail address such as name@example.com: no domain comes after "@".'],
    ['zoe@localhost', 'An e-mail address such as name@example.com: the domain after "@" has no dot.'],
    [
      '.zoe@example.com',
      'An e-mail address cannot have a dot first or last before "@", nor two dots in a row.',
    ],
    [
      'zoe..r@example.com',
      'An e-mail address cannot have a dot first or last before "@", nor two dots in a row.',
    ],
    [
      'zoe@example..com',
      'An e-mail address cannot have a dot first or last in its domain, nor two dots in a row.',
    ],
    ['zoe@-example.com', 'An e-mail address cannot have a part of its domain begin or end with "-".'],
    [
      'zoe@example.123',
      'An e-mail address such as name@example.com: the domain ends in letters, as .com does, not ".123".',
    ],
  ])('%s', (address, reason) => {
    expect(emailAddressProblem(address)).toBe(reason);
    expect(email.safeParse(address).error?.issues.map((issue) => issue.message)).toEqual([reason]);
  });

  it('counts 64 characters (A10), international ones as one each', () => {
    const local = (n: number) => 'ë'.repeat(n - '@example.com'.length);
    expect(email.safeParse(`${local(64)}@example.com`).success).toBe(true);
    expect(email.safeParse(`${local(65)}@example.com`).error?.issues.map((issue) => issue.message)).toEqual([
      'At most 64 characters.',
    ]);
    expect(email.safeParse(undefined).error?.issues.map((issue) => issue.message)).toEqual(['Required.']);
  });
});

describe('characterName', () => {
  it('shows a visible character as it is, and names an invisible one with its code point', () => {
    expect(characterName(',')).toBe('","');
    expect(characterName(' ')).toBe('a space');
    expect(characterName('\u00a0')).toBe('an invisible character (U+00A0)');
    expect(characterName('\t')).toBe('an invisible character (U+0009)');
  });
});
