// History's CSV export in its two forms, read as the bytes a spreadsheet opens: the spreadsheet form for Excel
// in the agent's language (BOM, `;` where decimals take a comma, amounts and times and statuses in the
// agent's terms, headers English), and the machine-readable form, pinned byte for byte to what the export
// wrote before the forms existed.
import { historyExportInputSchema } from '@shared/csv-export';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csvFormOf, MACHINE_FORM, spreadsheetForm } from '../../src/main/csv/csv-form';
import { wordsIn } from '../../src/main/i18n/words';
import { parseCsv } from '../support/e2e/pages/history-page';
import {
  kycBatch,
  payIn,
  type TempHistory,
  tempHistory,
  testClock,
} from '../support/history/history-fixtures';

// The clocks went forward in Berlin at 01:00 UTC on 29 March 2026 (02:00 became 03:00 local).
const BEFORE_DST = Date.UTC(2026, 2, 29, 0, 30, 0);
const AFTER_DST = Date.UTC(2026, 2, 29, 1, 30, 0);

let h: TempHistory;
beforeEach(() => {
  h = tempHistory(testClock(BEFORE_DST));
  // A pay-in in euros by Lucía, whose outcome is unknown; one in yen after the change of time; a KYC batch.
  const lucia = h.store.insertPayIn(
    payIn({
      request: {
        merchantTradeNo: 'ORD-1',
        amount: '1234.56',
        firstName: 'Lucía',
        lastName: 'Núñez',
        userId: '=SUM(A1);-3',
      },
    }),
  );
  h.store.updatePayIn(lucia, { status: 'outcome_unknown' });
  h.clock.set(AFTER_DST);
  h.store.insertPayIn(payIn({ currency: 'JPY', request: { merchantTradeNo: 'ORD-2', amount: '1500.00' } }));
  h.store.insertKycBatch(kycBatch({ fileName: 'partners.csv', sha256: 'a'.repeat(64) }));
});
afterEach(() => h.cleanup());

const BERLIN = 'Europe/Berlin';

/** The export's bytes, as the file on disk holds them (the renderer writes the text as UTF-8). */
function exportedBytes(form = MACHINE_FORM): Buffer {
  return Buffer.from(h.store.exportCsv({ sort: 'createdAt_asc' }, { form }), 'utf8');
}

/** The records of a file, keyed by the header, read with the separator the file uses. */
function records(bytes: Buffer, separator: string): Record<string, string>[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const [header = [], ...lines] = parseCsv(separator === ',' ? text : swapSeparator(text));
  return lines.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

/** `;` outside quotes becomes `,` and `,` inside stays: every cell is quoted, so a quote count decides. */
function swapSeparator(text: string): string {
  let quoted = false;
  let out = '';
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    out += !quoted && char === ';' ? ',' : char;
  }
  return out;
}

describe('the spreadsheet form in German', () => {
  async function german(): Promise<Buffer> {
    return exportedBytes(spreadsheetForm('de', BERLIN, await wordsIn('de')));
  }

  it('starts with a UTF-8 BOM and keeps Lucía whole', async () => {
    const bytes = await german();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.includes(Buffer.from('Lucía Núñez', 'utf8'))).toBe(true);
    // What a reader that honours the BOM decodes: the name as typed, not "LucÃ­a".
    expect(new TextDecoder('utf-8').decode(bytes)).toContain('"Lucía Núñez"');
  });

  it('separates cells with ";" and keeps the headers English, the offset last', async () => {
    const text = (await german()).toString('utf8');
    const header = text.slice(1, text.indexOf('\r\n'));
    expect(header).toMatch(/^"id";"createdAt";"kind";"status";"profile";"operator";/);
    expect(header.endsWith(';"customerName";"utcOffset"')).toBe(true);
    expect(header).not.toContain(',');
  });

  it('writes 1234.56 EUR as 1234,56 and a yen amount without decimals, never grouped', async () => {
    const rows = records(await german(), ';');
    expect(rows.map((row) => [row.currency, row.amount])).toEqual([
      ['EUR', '1234,56'],
      ['JPY', '1500'],
      ['', ''],
    ]);
  });

  it("writes the times on Berlin's clock either side of the change to summer time, with their offset", async () => {
    const rows = records(await german(), ';');
    expect(rows.map((row) => [row.createdAt, row.utcOffset])).toEqual([
      ['2026-03-29 01:30:00', 'UTC+01:00'],
      ['2026-03-29 03:30:00', 'UTC+02:00'],
      ['2026-03-29 03:30:00', 'UTC+02:00'],
    ]);
  });

  it('words the statuses in German and leaves the other columns as they are', async () => {
    const rows = records(await german(), ';');
    expect(rows.map((row) => row.status)).toEqual(['Ergebnis unbekannt', 'In Bearbeitung', 'In Bearbeitung']);
    expect(rows[0]).toMatchObject({ kind: 'payin', merchantTradeNo: 'ORD-1', maskedPan: '411111******1111' });
    expect(rows[2]).toMatchObject({ kind: 'kyc_batch', fileName: 'partners.csv', recordsTotal: '1' });
  });

  it("keeps the guard against formulas, in the cell and in each segment a ';' spreadsheet splits", async () => {
    const text = (await german()).toString('utf8');
    expect(text).toContain(`"'=SUM(A1);'-3"`);
    for (const line of text.split('\r\n').slice(1, -1)) {
      for (const piece of line.split(/[;,]/)) expect(piece.replace(/^[\s"]+/, '')).not.toMatch(/^[=+\-@]/);
    }
  });
});

describe('the spreadsheet form in other languages', () => {
  it('uses "," in English, with dot decimals, and ";" in Spanish and Brazilian Portuguese', async () => {
    const english = exportedBytes(spreadsheetForm('en', BERLIN, await wordsIn('en')));
    expect(records(english, ',')[0]).toMatchObject({ amount: '1234.56', status: 'Outcome unknown' });
    for (const language of ['es', 'pt-BR'] as const) {
      const bytes = exportedBytes(spreadsheetForm(language, 'America/Sao_Paulo', await wordsIn(language)));
      const [first] = records(bytes, ';');
      expect(first).toMatchObject({
        amount: '1234,56',
        createdAt: '2026-03-28 21:30:00',
        utcOffset: 'UTC-03:00',
      });
    }
  });

  it('is what the channel option names, its words loaded for the language', async () => {
    const form = await csvFormOf({ form: 'spreadsheet', language: 'es', timeZone: 'UTC' });
    expect(form.separator).toBe(';');
    expect(records(exportedBytes(form), ';')[0]).toMatchObject({
      status: 'Resultado desconocido',
      createdAt: '2026-03-29 00:30:00',
      utcOffset: 'UTC+00:00',
    });
    expect(await csvFormOf({ form: 'machine' })).toBe(MACHINE_FORM);
  });
});

describe("the channel's option, as main parses it", () => {
  it('is machine-readable unless said, and a spreadsheet needs a language and a time zone this runtime knows', () => {
    expect(historyExportInputSchema.parse({}).format).toEqual({ form: 'machine' });
    const asked = { form: 'spreadsheet', language: 'pt-BR', timeZone: 'America/Sao_Paulo' } as const;
    expect(historyExportInputSchema.parse({ format: asked }).format).toEqual(asked);
    for (const format of [
      { form: 'spreadsheet' },
      { form: 'spreadsheet', language: 'fr', timeZone: 'Europe/Paris' },
      { form: 'spreadsheet', language: 'de', timeZone: 'Mars/Olympus' },
      { form: 'excel' },
      { form: 'machine', separator: ';' },
    ]) {
      expect(historyExportInputSchema.safeParse({ format }).success).toBe(false);
    }
  });
});

describe('the machine-readable form', () => {
  it('is byte for byte what the export wrote before the spreadsheet form existed', () => {
    const bytes = exportedBytes();
    expect(bytes[0]).toBe(0x22); // '"': no BOM
    expect(bytes.toString('utf8')).toBe(MACHINE_CSV);
    expect(h.store.exportCsv({ sort: 'createdAt_asc' })).toBe(MACHINE_CSV);
  });
});

// Written by the export as it was at commit 1a5ebfb (before the forms), for the rows above.
const MACHINE_CSV = [
  '"id","createdAt","kind","status","profile","operator","apiVersion","merchantTradeNo","userId","maskedPan","brand","amount","currency","orderId","traceid","remark","errorKind","errorMessage","fileName","recordsTotal","recordsAccepted","recordsRejected","customerName"',
  '"1","2026-03-29T00:30:00.000Z","payin","outcome_unknown","sandbox","alice","v2","ORD-1","\'=SUM(A1);\'-3","411111******1111","Visa","1234.56","EUR","","","","","","","","","","Lucía Núñez"',
  '"2","2026-03-29T01:30:00.000Z","payin","pending","sandbox","alice","v2","ORD-2","user-1","411111******1111","Visa","1500.00","JPY","","","","","","","","","","Ada Lovelace"',
  '"3","2026-03-29T01:30:00.000Z","kyc_batch","pending","sandbox","alice","","","","","","","","","","","","","partners.csv","1","0","0",""',
  '',
].join('\r\n');
