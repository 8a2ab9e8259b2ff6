// Receipts end to end: a settled pay-in through the dispatcher, its PDF read back as words and as a
// picture compared with the reviewed one (tests/fixtures/receipt/*.png), and no receipt where the gateway
// has not approved or declined.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '@shared/languages';
import type { Receipt } from '@shared/receipt';
import { receiptText } from '@shared/receipt-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordsIn } from '../../src/main/i18n/words';
import { receiptPdf } from '../../src/main/receipt/receipt-pdf';
import { type Fixture, startFixture, v2Fields } from '../support/app/paydesk-fixture';
import { differingPixels, pdfPageCount, pdfPagePng, pdfText } from '../support/pdf/pdf-render';

const REVIEWED = join(import.meta.dirname, '../fixtures/receipt');
/** Pixels allowed to differ from the reviewed picture (at 150 dpi): stray anti-aliasing, never a character. */
const SAME_PICTURE = 6;
const DPI = 150;

const timeZone = 'Europe/Berlin';
let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.close());

const pdfOf = async (historyId: number, language: Language = 'en') => {
  const file = await fx.data('payin.receiptPdf', { historyId, timeZone, language });
  return { fileName: file.fileName, bytes: Buffer.from(file.pdfBase64, 'base64') };
};

describe('receipts of settled pay-ins', () => {
  it('makes a PDF of an approval with the last four digits only, and audits it', async () => {
    const paid = await fx.data('payin.submit', {
      version: 'v2',
      fields: v2Fields({ amount: '1234.5' }),
    });
    expect(paid.status).toBe('approved');
    const { fileName, bytes } = await pdfOf(paid.historyId);
    expect(fileName).toBe(`receipt-${paid.merchantTradeNo}.pdf`);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(bytes)).toBe(1);
    const words = pdfText(bytes);
    for (const expected of [
      'Sandbox',
      'Merchant no. 100001',
      'PAYMENT RECEIPT',
      'Test payment on a sandbox gateway: no real money moved.',
      '€1,234.50',
      'Approved',
      'Visa ending 4242',
      paid.merchantTradeNo,
      paid.orderId ?? 'no orderId',
      'Card details taken by phone (MOTO)',
    ]) {
      expect(words).toContain(expected);
    }
    expect(words).not.toContain('424242');
    expect(bytes.includes(Buffer.from('4242424242424242'))).toBe(false);

    const detail = await fx.data('history.get', { id: paid.historyId });
    expect(detail.timeline.map((entry) => entry.event)).toContain('payin.receipt_pdf');
  });

  it('prints the receipt in each language the desk speaks, its letters embedded (DejaVu), and audits which', async () => {
    const paid = await fx.data('payin.submit', {
      version: 'v2',
      fields: v2Fields({ amount: '1234.5' }),
    });
    const expected: Record<Exclude<Language, 'en-XA'>, string[]> = {
      en: ['PAYMENT RECEIPT', '€1,234.50', 'Visa ending 4242', 'Date and time'],
      de: ['ZAHLUNGSBELEG', '1.234,50 €', 'Visa mit Endziffern 4242', 'Händler-Nr. 100001', 'Bearbeitet von'],
      es: ['COMPROBANTE DE PAGO', '1234,50 €', 'Visa terminada en 4242', 'Número de pedido', 'Atendido por'],
      'pt-BR': [
        'COMPROVANTE DE PAGAMENTO',
        '€ 1.234,50',
        'Visa final 4242',
        'Cartão',
        'informados por telefone',
      ],
    };
    for (const [language, words] of Object.entries(expected)) {
      const { bytes } = await pdfOf(paid.historyId, language as Language);
      // The subset font is in the file: every letter, ß, ñ, ã or €, is drawn from it, not a built-in font.
      expect(bytes.includes(Buffer.from('+DejaVuSans'))).toBe(true);
      expect(bytes.includes(Buffer.from('/BaseFont /Helvetica'))).toBe(false);
      const text = pdfText(bytes).replace(/\u00a0/g, ' ');
      for (const word of words) expect(text, `${language}: ${word}`).toContain(word);
    }
    const detail = await fx.data('history.get', { id: paid.historyId });
    const languages = detail.timeline
      .filter((entry) => entry.event === 'payin.receipt_pdf')
      .map((entry) => (entry.detail as { language?: string }).language);
    expect(languages).toEqual(['en', 'de', 'es', 'pt-BR']);
  });

  it('shows the receipt worded in the language asked for, and refuses a language the desk does not speak', async () => {
    const paid = await fx.data('payin.submit', { version: 'v2', fields: v2Fields() });
    const view = await fx.data('payin.receipt', { historyId: paid.historyId, timeZone, language: 'de' });
    expect(view.language).toBe('de');
    expect(view.text.title).toBe('Zahlungsbeleg');
    expect(view.text.outcome).toBe('Genehmigt');
    expect(
      await fx.call('payin.receipt', { historyId: paid.historyId, timeZone, language: 'fr' }),
    ).toMatchObject({ ok: false, error: { kind: 'invalid', field: 'language' } });
  });

  it('says why a declined card was declined and that nothing was charged', async () => {
    const declined = await fx.data('payin.submit', {
      version: 'v2',
      fields: v2Fields({ cardNumber: '4000000000009995' }),
    });
    expect(declined.status).toBe('declined');
    const { receipt } = await fx.data('payin.receipt', {
      historyId: declined.historyId,
      timeZone,
      language: 'en',
    });
    expect(receipt).toMatchObject({ status: 'declined', declineReason: 'Insufficient funds', last4: '9995' });
    const words = pdfText((await pdfOf(declined.historyId)).bytes);
    expect(words).toContain('DECLINED PAYMENT');
    expect(words).toContain('The card was declined: Insufficient funds. Nothing was charged.');
  });

  it('refuses a receipt while the outcome is not known, and writes nothing', async () => {
    const unknown = await fx.data('payin.submit', {
      version: 'v2',
      fields: v2Fields({ amount: '500.01' }),
    });
    expect(['approved', 'declined']).not.toContain(unknown.status);
    const before = await fx.data('history.get', { id: unknown.historyId });
    for (const channel of ['payin.receipt', 'payin.receiptPdf']) {
      const answer = await fx.call(channel, { historyId: unknown.historyId, timeZone, language: 'en' });
      expect(answer).toMatchObject({ ok: false, error: { kind: 'conflict' } });
      if (!answer.ok) expect(answer.error.message).toMatch(/only once the gateway has approved or declined/);
    }
    const after = await fx.data('history.get', { id: unknown.historyId });
    expect(after.timeline).toHaveLength(before.timeline.length);
  });

  it('refuses a time zone that does not exist and a row that is not a pay-in', async () => {
    expect(
      await fx.call('payin.receipt', { historyId: 1, timeZone: 'Mars/Olympus', language: 'en' }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'invalid', field: 'timeZone' },
    });
    expect(await fx.call('payin.receipt', { historyId: 999_999, timeZone, language: 'en' })).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
  });
});

/** The PDF of a receipt as main makes it in `language`. */
const pdfIn = async (receipt: Receipt, language: Language = 'en') =>
  receiptPdf(receipt, receiptText(receipt, await wordsIn(language), language));

describe('the receipt looks as reviewed', () => {
  const approved: Receipt = {
    historyId: 7,
    status: 'approved',
    merchantName: 'Müller & Söhne Ελλάς Тест GmbH',
    merchantId: '100001',
    environment: 'production',
    amount: '1234.50',
    currency: 'EUR',
    brand: 'visa',
    last4: '4242',
    merchantTradeNo: 'PD20261124T101500123Z3fa9c1d2',
    orderId: 'ORD-88213-55',
    declineReason: null,
    operator: 'Anna Kowalska',
    apiVersion: 'v2',
    paidAt: Date.UTC(2026, 10, 24, 10, 15, 0),
    issuedAt: Date.UTC(2026, 10, 24, 10, 16, 30),
    timeZone: 'Europe/Berlin',
  };
  const declinedOnTest: Receipt = {
    ...approved,
    status: 'declined',
    environment: 'test',
    declineReason: 'Insufficient funds.',
  };

  for (const [name, receipt, language] of [
    ['approved', approved, 'en'],
    ['declined-test', declinedOnTest, 'en'],
    // German's long words and its amount, and Portuguese's accents, on the same A5 page.
    ['approved-de', approved, 'de'],
    ['declined-test-pt-BR', declinedOnTest, 'pt-BR'],
  ] as const) {
    it(`${name}: the rendered page matches the reviewed picture`, async () => {
      const picture = pdfPagePng(await pdfIn(receipt, language), DPI);
      const reviewedFile = join(REVIEWED, `${name}.png`);
      // PAYDESK_REVIEW_RECEIPTS=1 writes new pictures to look at and commit; a normal run only compares.
      if (process.env.PAYDESK_REVIEW_RECEIPTS === '1' || !existsSync(reviewedFile)) {
        writeFileSync(reviewedFile, picture);
        if (process.env.PAYDESK_REVIEW_RECEIPTS !== '1')
          throw new Error(`No reviewed picture: wrote ${reviewedFile}`);
      }
      expect(differingPixels(picture, readFileSync(reviewedFile))).toBeLessThan(SAME_PICTURE);
    });
  }

  it('the comparison notices one changed character', async () => {
    const reviewed = readFileSync(join(REVIEWED, 'approved.png'));
    const changed = pdfPagePng(await pdfIn({ ...approved, last4: '4243' }), DPI);
    const count = differingPixels(changed, reviewed);
    expect(count).toBeGreaterThan(SAME_PICTURE * 4);
  });
});
