// The receipt as a one-page A5 PDF, laid out from its wording in the receipt's language (receiptText, the
// printed page's too). DejaVu Sans is embedded (subset) so that every language the desk speaks, and names
// in any Latin, Greek or Cyrillic script, print as typed: the PDF's built-in fonts know only Western
// European letters. pdfkit is loaded with the first receipt, not at start: it
// takes about as long to load as the rest of main's start-up work together.
import { createRequire } from 'node:module';
import type { Receipt, ReceiptText } from '@shared/receipt';

// Not named `require`: the built main bundle declares one of its own at the top.
const fromHere = createRequire(import.meta.url);
const fontFile = (name: string) => fromHere.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`);

const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const RULE = '#ced4da';
const OUTCOME_INK = { approved: '#1b6e35', declined: '#a61e1e' } as const;
const NOTICE = { fill: '#fff4e0', ink: '#8a4b00' } as const;

const MARGIN = 40;
const LABEL_WIDTH = 108;

export async function receiptPdf(receipt: Receipt, text: ReceiptText): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A5',
    margin: MARGIN,
    pdfVersion: '1.7',
    info: {
      Title: `${text.title} ${receipt.merchantTradeNo}`,
      Author: text.merchant,
      Creator: 'Paydesk',
      Producer: 'Paydesk',
      CreationDate: new Date(receipt.issuedAt),
    },
  });
  doc.registerFont('regular', fontFile('DejaVuSans'));
  doc.registerFont('bold', fontFile('DejaVuSans-Bold'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const rule = (gapAfter = 12) => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
    doc.y += gapAfter;
  };

  doc.font('bold').fontSize(15).fillColor(INK).text(text.merchant, left, MARGIN, { width });
  if (text.merchantDetail)
    doc.font('regular').fontSize(9).fillColor(MUTED).text(text.merchantDetail, { width });
  doc.moveDown(0.8);
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(MUTED)
    .text(text.title.toUpperCase(), { width, characterSpacing: 1 });
  doc.moveDown(0.4);

  if (text.testNotice) {
    const top = doc.y;
    const height =
      doc
        .font('bold')
        .fontSize(9.5)
        .heightOfString(text.testNotice, { width: width - 16 }) + 12;
    doc.rect(left, top, width, height).fill(NOTICE.fill);
    doc.fillColor(NOTICE.ink).text(text.testNotice, left + 8, top + 6, { width: width - 16 });
    doc.y = top + height + 10;
  }

  rule();
  doc.font('bold').fontSize(26).fillColor(INK).text(text.amount, left, doc.y, { width });
  doc.font('bold').fontSize(13).fillColor(OUTCOME_INK[receipt.status]).text(text.outcome, { width });
  if (text.outcomeDetail) {
    doc.moveDown(0.2);
    doc.font('regular').fontSize(10).fillColor(INK).text(text.outcomeDetail, { width });
  }
  doc.moveDown(0.8);
  rule(10);

  for (const line of text.lines) {
    const top = doc.y;
    doc.font('regular').fontSize(9.5).fillColor(MUTED).text(line.label, left, top, { width: LABEL_WIDTH });
    const labelBottom = doc.y;
    doc.fillColor(INK).text(line.value, left + LABEL_WIDTH, top, { width: width - LABEL_WIDTH });
    doc.y = Math.max(labelBottom, doc.y) + 6;
  }
  doc.moveDown(0.4);
  rule(10);
  doc.font('regular').fontSize(8).fillColor(MUTED).text(text.footer, left, doc.y, { width });

  doc.end();
  return done;
}
