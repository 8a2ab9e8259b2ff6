// Rows to fix, as a CSV the user opens in a spreadsheet, corrects and opens in Paydesk again: the file's
// own columns as they were read, any fixes made in Paydesk, and the reasons (in the spreadsheet form,
// Paydesk's own in the agent's language, the gateway's as it sent them; field names as the gateway names
// them). Both forms (csv/csv-form.ts) start with a BOM, as this file always has; the spreadsheet form puts
// `;` between cells where the agent's language writes decimal commas (Excel's list separator there). The
// file's own cells are its text in both. Paydesk's reader finds either separator.
import type { KycField, KycRowError } from '@shared/kyc-batch';
import { csvCell } from '../csv/csv-cells';
import { type CsvForm, MACHINE_FORM } from '../csv/csv-form';
import { type KycBatch, STATE } from './batch-store';
import type { RawCell } from './reading/table';
import { sliceClock, yieldToEventLoop } from './yield';

const cellText = (cell: RawCell): string =>
  cell === undefined ? '' : typeof cell === 'string' ? cell : cell.join('; ');

/**
 * The rows to fix as CSV. Built a few milliseconds at a time: a batch of 100,000 invalid rows takes the
 * better part of a second to write, which main's event loop must not spend in one turn.
 */
export async function exportRejectedCsv(
  batch: KycBatch,
  form: CsvForm = MACHINE_FORM,
): Promise<{ csv: string; rows: number }> {
  const { separator } = form;
  const said = form.local?.problem ?? ((problem: KycRowError) => problem.message);
  const editedFields: KycField[] = [];
  for (const edits of batch.edits.values()) {
    for (const field of Object.keys(edits) as KycField[])
      if (!editedFields.includes(field)) editedFields.push(field);
  }
  const lines = [[...batch.headers, ...editedFields, 'errors'].map(csvCell).join(separator)];
  const clock = sliceClock();
  let rows = 0;
  for (let i = 0; i < batch.size; i++) {
    if ((i & 255) === 255 && clock.due()) await yieldToEventLoop();
    const state = batch.states[i];
    if (state !== STATE.invalid && state !== STATE.rejected) continue;
    const cells = batch.cellsOf(i);
    const edits = batch.edits.get(i) ?? {};
    const reasons = batch
      .errorsOf(i)
      .map((error) => (error.field ? `${error.field}: ${said(error)}` : said(error)))
      .join(' | ');
    const line = [
      ...batch.headers.map((_, column) => cellText(cells[column])),
      ...editedFields.map((field) => edits[field] ?? ''),
      reasons,
    ];
    lines.push(line.map(csvCell).join(separator));
    rows++;
  }
  // A BOM makes Excel read the file as UTF-8 (names with accents); Paydesk's reader drops it.
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, rows };
}
