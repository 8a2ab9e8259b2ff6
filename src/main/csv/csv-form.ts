// How an export writes its file, from the form the operator chose (shared/csv-export.ts). The machine-readable
// form is today's, byte for byte. The spreadsheet form is for Excel in the agent's language: a BOM (else Excel
// reads UTF-8 as its ANSI code page: "LucÃ­a"), `;` between cells where the language writes decimal commas
// (Excel's list separator there), and the cells a person reads in their own terms: amounts, times, statuses.
// The headers stay English in both.
import {
  type CsvFormat,
  type CsvFormName,
  spreadsheetLocale,
  spreadsheetSeparator,
} from '@shared/csv-export';
import { HISTORY_STATUSES, type HistoryStatus } from '@shared/history';
import type { MessageKey, Translate } from '@shared/i18n/messages';
import type { RefusalWords } from '@shared/ipc-error';
import type { Language } from '@shared/languages';
import { amountForSpreadsheet } from '@shared/money/locale-amount';
import { wordsIn } from '../i18n/words';
import { csvLine } from './csv-cells';

/** The spreadsheet form's own cells, in the agent's terms. */
export interface LocalCells {
  /** "2026-03-29 03:30:00": the desk's clock, as History shows it; Excel reads it as a date and time. */
  time(at: number): string;
  /**
   * The time's offset, "UTC+02:00": the hour repeated when the clocks go back is told apart by it. Named,
   * not a bare "+02:00", which the formula guard would have to mark (a spreadsheet computes a leading sign).
   */
  utcOffset(at: number): string;
  /** "1234,56" in de: a number to Excel, exact (text, never a float). */
  amount(amount: string, currency: string): string;
  /** The status's word in the agent's language; a value no catalogue knows, as it is. */
  status(status: string): string;
  /** A problem Paydesk found, in the agent's language; the gateway's own words (no `words`) as it sent them. */
  problem(problem: { message: string; words?: RefusalWords | undefined }): string;
}

export interface CsvForm {
  readonly name: CsvFormName;
  /** What the file starts with: the BOM of the spreadsheet form, nothing in the machine's. */
  readonly start: string;
  readonly separator: ',' | ';';
  /** Undefined in the machine-readable form: every cell as the contract holds it. */
  readonly local?: LocalCells;
  /** One record and its CRLF, with this form's separator. */
  line(cells: readonly (string | number | null | undefined)[]): string;
}

export const MACHINE_FORM: CsvForm = {
  name: 'machine',
  start: '',
  separator: ',',
  line: (cells) => csvLine(cells),
};

const isHistoryStatus = (value: string): value is HistoryStatus =>
  (HISTORY_STATUSES as readonly string[]).includes(value);

const pad = (value: string | undefined) => (value ?? '').padStart(2, '0');

/** The spreadsheet form in `language`, on `timeZone`'s clock, with the language's words `t`. */
export function spreadsheetForm(language: Language, timeZone: string, t: Translate): CsvForm {
  const locale = spreadsheetLocale(language);
  const separator = spreadsheetSeparator(language);
  const clock = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  const local: LocalCells = {
    time(at) {
      const parts = Object.fromEntries(clock.formatToParts(at).map((part) => [part.type, part.value]));
      return `${parts.year}-${pad(parts.month)}-${pad(parts.day)} ${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}`;
    },
    utcOffset(at) {
      const name = offset.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
      // "GMT+02:00", or "GMT" alone at UTC.
      return name === 'GMT' ? 'UTC+00:00' : name.replace('GMT', 'UTC');
    },
    amount: (amount, currency) => amountForSpreadsheet(amount, currency, locale),
    status: (status) => (isHistoryStatus(status) ? t(`status.${status}`) : status),
    problem: ({ message, words }) => {
      if (!words) return message;
      const said = t(words.key as MessageKey, words.values);
      return said === words.key ? message : said;
    },
  };
  return {
    name: 'spreadsheet',
    start: '\uFEFF',
    separator,
    local,
    line: (cells) => csvLine(cells, separator),
  };
}

/** The form the operator chose, its words loaded when it needs them. */
export async function csvFormOf(format: CsvFormat): Promise<CsvForm> {
  if (format.form === 'machine') return MACHINE_FORM;
  return spreadsheetForm(format.language, format.timeZone, await wordsIn(format.language));
}
