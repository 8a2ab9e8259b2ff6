// The KYC fields as the page shows them, all read from the wire schema in src/shared: the column order,
// which fields are required, and the CSV template's header line.
import { KYC_FIELDS, kycRecordSchema } from '@shared/gateway/kyc';
import type { Translate } from '@shared/i18n/messages';
import type { KycField } from '@shared/kyc-batch';

export { KYC_FIELDS };

/** Fields the schema refuses to go without (an absent value fails), read from the schema itself. */
export const REQUIRED_FIELDS: ReadonlySet<KycField> = new Set(
  KYC_FIELDS.filter((field) => !kycRecordSchema.shape[field].safeParse(undefined).success),
);

/** What each field holds, in the words of a compliance officer's spreadsheet (`kyc.field.label.*`). */
export const fieldLabel = (t: Translate, field: KycField): string => t(`kyc.field.label.${field}`);

/** "Mobile number — mobile (required)": the words people use, then the name the gateway uses. */
export function fieldOptionLabel(t: Translate, field: KycField): string {
  return t('kyc.field.option', {
    label: fieldLabel(t, field),
    field,
    required: REQUIRED_FIELDS.has(field) ? 'yes' : 'no',
  });
}

export const KYC_TEMPLATE_FILE_NAME = 'paydesk-kyc-template.csv';

/**
 * The template: the header line the column mapping recognizes without help. A BOM so that Excel opens it
 * as UTF-8 (names with accents survive); Paydesk's reader drops it.
 */
export function kycCsvTemplate(): string {
  return `\uFEFF${KYC_FIELDS.join(',')}\r\n`;
}
