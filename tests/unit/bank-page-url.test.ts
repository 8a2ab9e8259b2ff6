// What a bank page may be opened at: the gateway's redirectURL is any text, and only https (or plain http
// on this machine) may reach a window or a frame.

import { bankPageUrlSchema, isOpenableBankPageUrl } from '@shared/bank-page-url';
import { payInResultSchema } from '@shared/ipc';
import { describe, expect, it } from 'vitest';

describe('isOpenableBankPageUrl', () => {
  it.each([
    'https://acs.bank.example/challenge?id=1',
    'https://bank.example:8443/',
    'http://127.0.0.1:41234/r/token/page',
    'http://localhost:8787/_sandbox/pay/x',
    'http://[::1]:9000/x',
  ])('opens %s', (url) => expect(isOpenableBankPageUrl(url)).toBe(true));

  it.each([
    'file:///etc/passwd',
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'chrome://gpu',
    'about:blank',
    'http://acs.bank.example/challenge',
    'http://192.168.1.10/x',
    'http://127.0.0.1.evil.example/x',
    'https://user:password@bank.example/',
    'ftp://bank.example/',
    'not a url',
    '',
  ])('refuses %s', (url) => expect(isOpenableBankPageUrl(url)).toBe(false));

  it('is what the IPC contract checks the bank page of a result against', () => {
    const result = {
      historyId: 1,
      merchantTradeNo: 'T',
      status: 'action_required',
      amount: '1.00',
      currency: 'EUR',
    };
    expect(
      payInResultSchema.safeParse({ ...result, bankPage: { kind: 'redirect', url: 'file:///etc/passwd' } })
        .success,
    ).toBe(false);
    expect(
      payInResultSchema.safeParse({ ...result, bankPage: { kind: 'redirect', url: 'https://bank.example/' } })
        .success,
    ).toBe(true);
    expect(bankPageUrlSchema.safeParse('javascript:alert(1)').success).toBe(false);
  });
});
