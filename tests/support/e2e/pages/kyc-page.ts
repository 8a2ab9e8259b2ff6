// The KYC page as compliance staff see it: the drop zone and file picker, the batch's counts (which are
// also the grid's filter), the grid's cells by row number and field, the column mapping, and the submit
// panel with its progress and chunks.
import { expect, type JSHandle, type Locator, type Page } from '@playwright/test';
import { KYC_FIELDS } from '@shared/gateway/kyc';
import type { KycField } from '@shared/kyc-batch';

export interface FileToOpen {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

type RowFilterName = 'All rows' | 'Invalid' | 'Warnings' | 'Valid' | 'Accepted' | 'Rejected';

/** aria-colindex of a field's column: the row number and the state come first. */
function columnOf(field: KycField): number {
  return KYC_FIELDS.indexOf(field) + 3;
}

// The tests compile without the DOM library (it would change fetch's types in src/main): the little of
// the page's API used to build a drop is typed by hand.
interface PageFile {
  readonly name: string;
}
interface PageBlob {
  readonly size: number;
}
interface PageGlobals {
  atob(data: string): string;
  DataTransfer: new () => { items: { add(file: PageFile): unknown } };
  Blob: new (parts: Uint8Array[]) => PageBlob;
  File: new (parts: (Uint8Array | PageBlob)[], name: string, options: { type: string }) => PageFile;
}

export class KycPage {
  readonly heading: Locator;
  readonly dropZone: Locator;
  readonly chooseFile: Locator;
  readonly templateButton: Locator;
  readonly fileError: Locator;
  readonly batchHeader: Locator;
  readonly grid: Locator;
  readonly gridScroll: Locator;
  readonly activeCell: Locator;
  readonly gridNote: Locator;
  readonly tooltip: Locator;
  readonly announcer: Locator;
  readonly mapping: Locator;
  readonly submit: Locator;
  readonly exportRejected: Locator;
  readonly progress: Locator;
  readonly sendTotals: Locator;
  readonly chunks: Locator;
  readonly remainingOffer: Locator;
  readonly checkProgress: Locator;
  readonly checkCount: Locator;
  readonly waitingForCheck: Locator;
  readonly closeFile: Locator;
  readonly intro: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'KYC batches', level: 2 });
    this.dropZone = page.getByTestId('kyc-drop-zone');
    this.chooseFile = page.getByRole('button', { name: /^(Choose a file…|Open another file…)$/ });
    this.templateButton = page.getByRole('button', { name: 'Download CSV template' });
    this.fileError = page.getByTestId('kyc-file-error');
    this.batchHeader = page.getByTestId('kyc-batch-header');
    this.grid = page.getByRole('grid', { name: /^Records of / });
    this.gridScroll = page.getByTestId('kyc-grid-scroll');
    this.activeCell = page.getByTestId('kyc-active-cell');
    this.gridNote = page.getByTestId('kyc-grid-note');
    this.tooltip = page.getByRole('tooltip');
    this.announcer = page.getByTestId('kyc-announcer');
    this.mapping = page.getByRole('button', { name: /^Column mapping/ });
    this.submit = page.getByRole('button', { name: /^Submit \d[\d,]* valid records?$/ });
    this.exportRejected = page.getByRole('button', { name: /^Export rejected rows/ });
    this.progress = page.getByTestId('kyc-progress');
    this.sendTotals = page.getByTestId('kyc-send-totals');
    this.chunks = page.getByRole('table', { name: 'Chunks sent' }).getByTestId('kyc-chunk');
    this.remainingOffer = page.getByTestId('kyc-remaining-offer');
    this.checkProgress = page.getByTestId('kyc-check-progress');
    this.checkCount = page.getByTestId('kyc-check-count');
    this.waitingForCheck = page.getByTestId('kyc-waiting-for-check');
    this.closeFile = page.getByRole('button', { name: 'Close file' });
    this.intro = page.getByText('Upload a file of identity records');
  }

  /** The app, then the KYC page by its shortcut (Alt+2). */
  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.getByRole('button', { name: /^KYC batches/ })).toBeVisible();
    await this.page.keyboard.press('Alt+2');
    await expect(this.heading).toBeVisible();
  }

  /** A real drop: dragenter, dragover and drop events carrying a DataTransfer with the file in it. */
  async drop(file: FileToOpen, target: Locator = this.dropZone): Promise<void> {
    const transfer = await this.page.evaluateHandle(
      ({ name, mimeType, base64 }) => {
        const page = globalThis as unknown as PageGlobals;
        const binary = page.atob(base64);
        const bytes = new Uint8Array(binary.length);
        for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
        const dataTransfer = new page.DataTransfer();
        dataTransfer.items.add(new page.File([bytes], name, { type: mimeType }));
        return dataTransfer;
      },
      { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') },
    );
    await this.dispatchDrop(transfer, target);
  }

  /** Drops files made in the page itself, of any size, without carrying their bytes over. */
  async dropMadeInPage(files: { name: string; size: number }[]): Promise<void> {
    const transfer = await this.page.evaluateHandle((list) => {
      const page = globalThis as unknown as PageGlobals;
      const dataTransfer = new page.DataTransfer();
      // Whole megabytes as one blob named again and again: the page holds a megabyte, whatever the size.
      const megabyte = new page.Blob([new Uint8Array(1024 * 1024)]);
      for (const { name, size } of list) {
        const parts: (Uint8Array | PageBlob)[] = Array.from(
          { length: Math.floor(size / megabyte.size) },
          () => megabyte,
        );
        parts.push(new Uint8Array(size % megabyte.size));
        dataTransfer.items.add(new page.File(parts, name, { type: '' }));
      }
      return dataTransfer;
    }, files);
    await this.dispatchDrop(transfer, this.dropZone);
  }

  private async dispatchDrop(transfer: JSHandle, target: Locator): Promise<void> {
    for (const type of ['dragenter', 'dragover', 'drop']) {
      await target.dispatchEvent(type, { dataTransfer: transfer });
    }
    await transfer.dispose();
  }

  /** A file on disk through the picker: Playwright streams it from there, whatever its size. */
  async chooseFromDisk(path: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.chooseFile.click();
    await (await chooser).setFiles(path);
  }

  /** The file picker, as a click on its button opens it. */
  async choose(file: FileToOpen): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.chooseFile.click();
    await (await chooser).setFiles(file);
  }

  async expectOpened(fileName: string, counts: string): Promise<void> {
    await expect(this.batchHeader).toContainText(fileName);
    await expect(this.batchHeader).toContainText(counts);
  }

  /** One of the counts that filter the grid, e.g. "Invalid (4)". */
  filter(name: RowFilterName): Locator {
    return this.page.getByRole('radio', { name: new RegExp(`^${name} \\(`) });
  }

  async showOnly(name: RowFilterName): Promise<void> {
    await this.page
      .getByTestId('kyc-filter')
      .getByText(new RegExp(`^${name} \\(`))
      .click();
    await expect(this.filter(name)).toBeChecked();
  }

  /** The grid row of a spreadsheet row number (header = row 1), or a JSON item number. */
  row(rowNumber: number): Locator {
    return this.grid
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: String(rowNumber), exact: true }) });
  }

  cell(rowNumber: number, field: KycField): Locator {
    return this.row(rowNumber).locator(`[aria-colindex="${columnOf(field)}"]`);
  }

  stateOf(rowNumber: number): Locator {
    return this.row(rowNumber).locator('[aria-colindex="2"] [data-state]');
  }

  /** Row numbers of the rows rendered now, top to bottom (all of them, for a file that fits the window). */
  async shownRowNumbers(): Promise<number[]> {
    const texts = await this.grid.getByRole('rowheader').allTextContents();
    return texts.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  }

  /** Every invalid cell rendered now, as "row field" (the state column stands for the row as a whole). */
  async invalidCells(): Promise<string[]> {
    const cells = await this.grid.locator('[aria-invalid="true"]').all();
    const found: string[] = [];
    for (const cell of cells) {
      const column = Number(await cell.getAttribute('aria-colindex'));
      const row = await cell.locator('xpath=ancestor::tr/th').textContent();
      found.push(`${row} ${column === 2 ? 'row' : KYC_FIELDS[column - 3]}`);
    }
    return found;
  }

  editor(rowNumber: number, field: KycField): Locator {
    return this.grid.getByRole('textbox', { name: `${field}, row ${rowNumber}`, exact: true });
  }

  /** Keyboard fix: focus the cell, Enter opens it, the new text replaces the old, Enter saves. */
  async fix(rowNumber: number, field: KycField, value: string): Promise<void> {
    const cell = this.cell(rowNumber, field);
    await cell.click();
    await expect(cell).toBeFocused();
    await this.page.keyboard.press('Enter');
    await this.editor(rowNumber, field).fill(value);
    await this.page.keyboard.press('Enter');
    await expect(this.editor(rowNumber, field)).toBeHidden();
  }

  /** The Select of the column mapping for a column of the file. */
  mappingFor(header: string): Locator {
    return this.page.getByRole('combobox', { name: header, exact: true });
  }

  /** Maps a column by keyboard, as an operator who types: the text, then Enter takes the first match. */
  async mapColumn(header: string, typed: string): Promise<void> {
    if ((await this.mapping.getAttribute('aria-expanded')) !== 'true') await this.mapping.click();
    const select = this.mappingFor(header);
    await select.click();
    await select.press('ControlOrMeta+a');
    await select.pressSequentially(typed);
    await select.press('Enter');
  }
}
