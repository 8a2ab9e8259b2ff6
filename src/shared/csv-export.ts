// The two forms a CSV export is written in, as the export channels take them (History, Team History, a KYC
// file's rows to fix). The operator chooses one in the export's menu; main writes the file from this option
// alone (main/csv/csv-form.ts), never from anything the page shows.
// - `machine`: today's form, byte for byte: comma-separated, dot decimals, UTC ISO times, status ids, no BOM.
//   For imports and scripts.
// - `spreadsheet`: for Excel in the agent's language: a UTF-8 BOM, `;` where the language writes decimals
//   with a comma, amounts with its decimal sign and no grouping, times on the desk's clock, statuses worded.
//   The headers stay English in both: spreadsheets and imports read them.
import { z } from 'zod';
import { historyFilterSchema } from './history';
import { kycBatchRef } from './kyc-batch';
import { languageSchema } from './language-schema';
import type { Language } from './languages';
import { separatorsOf } from './money/locale-amount';
import { teamHistoryFilterSchema } from './team-history';
import { timeZoneSchema } from './time-zone';

export const csvFormatSchema = z.discriminatedUnion('form', [
  z.strictObject({ form: z.literal('machine') }),
  z.strictObject({
    form: z.literal('spreadsheet'),
    /** Whose separators and words: the agent's language, as the page speaks it. */
    language: languageSchema,
    /** The desk's clock, the renderer's own zone: the times the screen shows. */
    timeZone: timeZoneSchema,
  }),
]);
export type CsvFormat = z.infer<typeof csvFormatSchema>;
export type CsvFormName = CsvFormat['form'];

/** Without a format the export is today's machine-readable form. */
const format = csvFormatSchema.default({ form: 'machine' });

/** `history.exportCsv`: the rows History's filter matches (all of them without one), in this form. */
export const historyExportInputSchema = z.strictObject({ filter: historyFilterSchema.optional(), format });

/** `team.exportCsv`: the team's rows the filter matches, in this form. */
export const teamExportInputSchema = z.strictObject({ filter: teamHistoryFilterSchema, format });

/** `kyc.exportRejected`: a batch's rows to fix, in this form. */
export const kycExportInputSchema = kycBatchRef.extend({ format });

/** The locale whose separators a spreadsheet in `language` uses: the pseudo-locale's are English's. */
export const spreadsheetLocale = (language: Language): string => (language === 'en-XA' ? 'en' : language);

/** Excel's list separator in `language`: `;` where decimals are written with a comma (de, es, pt-BR). */
export function spreadsheetSeparator(language: Language): ',' | ';' {
  return separatorsOf(spreadsheetLocale(language)).decimal === ',' ? ';' : ',';
}
