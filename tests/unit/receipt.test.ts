// The receipt's wording and who gets one: only a pay-in the gateway approved or declined.

import type { PayInRow } from '@shared/history';
import { PAYIN_STATUSES } from '@shared/payin-lifecycle';
import { type Profile, profileSchema } from '@shared/profile';
import { hasReceipt, receiptSchema } from '@shared/receipt';
import { receiptText } from '@shared/receipt-text';
import { describe, expect, it } from 'vitest';
import { receiptOf } from '../../src/main/receipt/receipt-of';

const row = (patch: Partial<PayInRow> = {}): PayInRow => ({
  kind: 'payin',
  id: 3,
  createdAt: Date.UTC(2026, 0, 2, 23, 30),
  updatedAt: Date.UTC(2026, 0, 2, 23, 31),
  profile: 'Live EU',
  operator: 'Ana',
  status: 'approved',
  apiVersion: 'v2',
  merchantTradeNo: 'PD1',
  userId: 'u1',
  maskedPan: '411111******1111',
  brand: 'visa',
  last4: '1111',
  amount: '10.00',
  currency: 'EUR',
  orderId: 'O-1',
  traceid: 't',
  remark: null,
  request: JSON.stringify({ merchantId: 777001, cardNumber: '411111******1111' }),
  rawResponse: '{}',
  note: null,
  ...patch,
});
const live: Profile = profileSchema.parse({
  id: 'live',
  name: 'Live EU',
  receiptName: 'Blumen Weber',
  environment: 'production',
  baseUrl: 'https://gateway.example',
  merchantId: 777001,
});
const at = { issuedAt: Date.UTC(2026, 0, 3), timeZone: 'Europe/Berlin' };

describe('receiptOf', () => {
  it('is made for approved and declined pay-ins only', () => {
    for (const status of PAYIN_STATUSES) {
      const make = () => receiptOf(row({ status }), [live], at);
      if (hasReceipt(status)) expect(receiptSchema.parse(make()).status).toBe(status);
      else expect(make).toThrow(/only once the gateway has approved or declined/);
    }
  });

  it('prints the business name, the number sent, and the date in the desk time zone', () => {
    const text = receiptText(receiptOf(row(), [live], at));
    expect(text.merchant).toBe('Blumen Weber');
    expect(text.merchantDetail).toBe('Merchant no. 777001');
    expect(text.testNotice).toBeUndefined();
    expect(text.lines).toContainEqual({ label: 'Date and time', value: '3 January 2026 at 00:30:00 CET' });
    expect(text.lines).toContainEqual({ label: 'Card', value: 'Visa ending 1111' });
    expect(JSON.stringify(text)).not.toContain('411111');
  });

  it('keeps working when the profile is gone, without claiming it was a test', () => {
    const text = receiptText(receiptOf(row(), [], at));
    expect(text.merchant).toBe('Live EU');
    expect(text.merchantDetail).toBe('Merchant no. 777001');
    expect(text.testNotice).toBeUndefined();
  });

  it('marks a test gateway, a stored card and a decline reason', () => {
    const test = { ...live, environment: 'test' as const };
    const text = receiptText(
      receiptOf(
        row({ status: 'declined', remark: 'Do not honour. ', maskedPan: null, last4: null, brand: null }),
        [test],
        at,
      ),
    );
    expect(text.testNotice).toBe('Test payment on a test gateway: no real money moved.');
    expect(text.outcomeDetail).toBe('The card was declined: Do not honour. Nothing was charged.');
    expect(text.lines).toContainEqual({ label: 'Card', value: 'Card stored with the merchant' });
  });

  it('refuses a KYC batch row', () => {
    expect(() => receiptOf(undefined, [live], at)).toThrow(/No pay-in/);
  });
});
