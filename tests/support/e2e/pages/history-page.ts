// The History page as an operator sees it: the filter bar, the table's rows and cells, the detail drawer
// and the CSV export (read back from the downloaded file).
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { approveAtDesk } from '../approval';
import { goTo } from './settings-page';

/** The pay-ins view's columns (their ids in the list's registry, history-columns.tsx). */
const HISTORY_COLUMNS = [
  'time',
  'status',
  'amount',
  'card',
  'userId',
  'customer',
  'merchantTradeNo',
  'orderId',
] as const;
type HistoryCells = Record<(typeof HISTORY_COLUMNS)[number], string>;

export class HistoryPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly status: Locator;
  readonly from: Locator;
  readonly to: Locator;
  readonly clearFilters: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly tableStatus: Locator;
  readonly nothingFound: Locator;
  readonly exportButton: Locator;
  readonly problem: Locator;
  readonly drawer: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'History', level: 2 });
    const filters = page.getByRole('search', { name: 'Filter the history' });
    this.search = filters.getByRole('searchbox', { name: 'Search' });
    this.status = filters.getByRole('combobox', { name: 'Status' });
    this.from = filters.getByLabel('From', { exact: true });
    this.to = filters.getByLabel('To (inclusive)', { exact: true });
    this.clearFilters = filters.getByRole('button', { name: 'Clear filters' });
    this.table = page.getByTestId('history-table');
    this.rows = this.table.getByTestId('history-row');
    // The line under the table: "3 rows", "0 rows", "Loading…" (not the audit trail's status above the
    // filters, which speaks of rows too).
    this.tableStatus = page
      .getByRole('status')
      .filter({ hasText: /rows?\b|Loading/ })
      .filter({ hasNot: page.getByTestId('audit-verified') });
    // What an empty result says, at the top of the list.
    this.nothingFound = page.getByRole('status').and(page.getByTestId('history-nothing-found'));
    this.exportButton = page.getByTestId('history-export');
    // The shell's own notices (no keychain) are alerts too: this is the page's.
    this.problem = page.getByRole('alert').filter({ hasNotText: 'No OS keychain' });
    this.drawer = page.getByRole('dialog');
  }

  async open(): Promise<void> {
    await goTo(this.page, 'History');
    await expect(this.heading).toBeVisible();
  }

  /** Types a search; the list follows after its debounce. */
  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
  }

  /** The view: "Pay-ins" or "KYC batches". */
  async show(view: 'Pay-ins' | 'KYC batches'): Promise<void> {
    await this.page
      .getByRole('search', { name: 'Filter the history' })
      .getByText(view, { exact: true })
      .click();
    await expect(this.page.getByRole('radio', { name: view })).toBeChecked();
  }

  /**
   * A day typed into "From" or "To" as an agent does, then Enter: the field reads it only then (or when
   * left), and shows it as the desk's language writes it.
   */
  async typeDay(field: Locator, typed: string): Promise<void> {
    await field.fill(typed);
    await field.press('Enter');
  }

  /** As an agent does: the status's name typed into the filter, Enter takes the best match. */
  async chooseStatus(label: string): Promise<void> {
    await this.status.click();
    await this.status.pressSequentially(label);
    await expect(this.page.getByRole('listbox').getByRole('option').first()).toHaveText(label);
    await this.page.keyboard.press('Enter');
    await this.page.keyboard.press('Escape');
  }

  /** Waits until the list shows exactly this many rows (and has finished loading). */
  async expectRowCount(count: number): Promise<void> {
    await expect(this.tableStatus).toHaveText(`${count} ${count === 1 ? 'row' : 'rows'}`);
    if (count === 0) await expect(this.nothingFound).toBeVisible();
    await expect(this.rows).toHaveCount(count);
  }

  /** Every rendered row's cells as text (the list is virtualized: call it for short lists). */
  async rowCells(): Promise<HistoryCells[]> {
    // Each cell under its column's id, as the header names it: a column added to the list moves none.
    const ids = await this.table
      .getByRole('columnheader')
      .evaluateAll((headers) => headers.map((header) => header.getAttribute('data-column') ?? ''));
    const rows = await this.rows.all();
    const result: HistoryCells[] = [];
    for (const row of rows) {
      const texts = (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
      result.push(
        Object.fromEntries(
          HISTORY_COLUMNS.map((name) => [name, texts[ids.indexOf(name)] ?? '']),
        ) as HistoryCells,
      );
    }
    return result;
  }

  /** One column of the rendered rows, top to bottom: poll it, the list follows a filter a moment later. */
  async column(name: keyof HistoryCells): Promise<string[]> {
    return (await this.rowCells()).map((row) => row[name]);
  }

  row(merchantTradeNo: string): Locator {
    return this.rows.filter({ hasText: merchantTradeNo });
  }

  /** A value of the detail drawer's facts table ("Status", "Operator", "Card", …). */
  drawerField(label: string): Locator {
    return this.drawer.getByRole('row', { name: new RegExp(`^${label}\\b`) }).getByRole('cell');
  }

  /**
   * Presses Export CSV, chooses the file's form (machine-readable unless said), approves it as the run's
   * supervisor (an export of personal data waits for one; `approve` in another language), and reads the
   * downloaded file back as records keyed by the header row. `bytes` are the file as saved.
   */
  async exportCsv(
    form: 'machine' | 'spreadsheet' = 'machine',
    approve: (page: Page) => Promise<void> = approveAtDesk,
  ): Promise<{ fileName: string; text: string; bytes: Buffer; records: Record<string, string>[] }> {
    const downloaded = this.page.waitForEvent('download');
    await this.exportButton.click();
    await this.page.getByTestId(`history-export-${form}`).click();
    await approve(this.page);
    const download = await downloaded;
    const bytes = await readFile(await download.path());
    const text = bytes.toString('utf8');
    // The separator after the first header: `;` in a spreadsheet form whose language writes decimal commas.
    const separator = /^\uFEFF?"[^"]*";/.test(text) ? ';' : ',';
    const [header = [], ...lines] = parseCsv(text.replace(/^\uFEFF/, ''), separator);
    const records = lines.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
    return { fileName: download.suggestedFilename(), text, bytes, records };
  }
}

/** RFC 4180 (quotes doubled, CRLF between records), as the export writes it, with `,` or `;` between cells. */
export function parseCsv(text: string, separator: ',' | ';' = ','): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === separator) {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 1;
    } else {
      cell += char;
    }
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}
