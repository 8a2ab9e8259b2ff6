// The receipt's wording and who gets one: only a pay-in the gateway approved or declined.

import type { PayInRow } from '@shared/history';
import type { Language } from '@shared/languages';
import { PAYIN_STATUSES } from '@shared/payin-lifecycle';
import { type Profile, profileSchema } from '@shared/profile';
import { hasReceipt, type Receipt, receiptSchema } from '@shared/receipt';
import { receiptText } from '@shared/receipt-text';
import { describe, expect, it } from 'vitest';
import { wordsIn } from '../../src/main/i18n/words';
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
const worded = async (receipt: Receipt, language: Language = 'en') =>
  receiptText(receipt, await wordsIn(language), language);

describe('receiptOf', () => {
  it('is made for approved and declined pay-ins only', () => {
    for (const status of PAYIN_STATUSES) {
      const make = () => receiptOf(row({ status }), [live], at);
      if (hasReceipt(status)) expect(receiptSchema.parse(make()).status).toBe(status);
      else expect(make).toThrow(/only once the gateway has approved or declined/);
    }
  });

  it('prints the business name, the number sent, and the date in the desk time zone', async () => {
    const text = await worded(receiptOf(row(), [live], at));
    expect(text.merchant).toBe('Blumen Weber');
    expect(text.merchantDetail).toBe('Merchant no. 777001');
    expect(text.testNotice).toBeUndefined();
    expect(text.lines).toContainEqual({ label: 'Date and time', value: 'January 3, 2026 at 00:30:00 GMT+1' });
    expect(text.lines).toContainEqual({ label: 'Card', value: 'Visa ending 1111' });
    expect(JSON.stringify(text)).not.toContain('411111');
  });

  it('keeps working when the profile is gone, without claiming it was a test', async () => {
    const text = await worded(receiptOf(row(), [], at));
    expect(text.merchant).toBe('Live EU');
    expect(text.merchantDetail).toBe('Merchant no. 777001');
    expect(text.testNotice).toBeUndefined();
  });

  it('marks a test gateway, a stored card and a decline reason', async () => {
    const test = { ...live, environment: 'test' as const };
    const text = await worded(
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

  it('reads in the cardholder’s language, with that language’s dates and amounts; the gateway’s reason as sent', async () => {
    const receipt = receiptOf(
      row({ status: 'declined', remark: 'Do not honour', amount: '1234.50' }),
      [{ ...live, environment: 'sandbox' as const }],
      at,
    );
    const german = await worded(receipt, 'de');
    expect(german).toMatchObject({
      title: 'Abgelehnte Zahlung',
      outcome: 'Abgelehnt',
      outcomeDetail: 'Die Karte wurde abgelehnt: Do not honour. Es wurde nichts belastet.',
      merchantDetail: 'Händler-Nr. 777001',
      testNotice: 'Testzahlung über das Sandbox-Gateway: Es wurde kein echtes Geld bewegt.',
    });
    expect(german.amount.replace(/\u00a0/g, ' ')).toBe('1.234,50 €');
    expect(german.lines).toContainEqual({
      label: 'Datum und Uhrzeit',
      value: '3. Januar 2026 um 00:30:00 MEZ',
    });
    expect(german.lines).toContainEqual({ label: 'Karte', value: 'Visa mit Endziffern 1111' });
    const portuguese = await worded(receipt, 'pt-BR');
    expect(portuguese.title).toBe('Pagamento recusado');
    expect(portuguese.lines).toContainEqual({ label: 'Cartão', value: 'Visa final 1111' });
    expect(portuguese.amount.replace(/\u00a0/g, ' ')).toBe('€ 1.234,50');
    const spanish = await worded(receipt, 'es');
    expect(spanish.lines[1]).toEqual({
      label: 'Fecha y hora',
      value: '3 de enero de 2026 a las 00:30:00 CET',
    });
  });

  it('prints a currency Intl does not know as the amount and the code as sent', async () => {
    const text = await worded(receiptOf(row({ currency: 'USDT', amount: '12.5' }), [live], at), 'de');
    expect(text.amount).toBe('12.5 USDT');
  });

  it('refuses a KYC batch row', () => {
    expect(() => receiptOf(undefined, [live], at)).toThrow(/No pay-in/);
  });
});
