// The trail of hand edits to a KYC batch: each cell the operator changed in Paydesk, with the value before
// and after, who changed it and when. Only edits of records that left Paydesk in a request are kept (the
// gateway holds those values already); they go into the batch's audit entries, so the History record and
// the audit trail show them, and a file opened again shows, for its accepted rows, the values that were sent.
import { z } from 'zod';
import { KYC_FIELDS, type KycRecord } from './gateway/kyc';

/** The longest value a cell edit carries (the same cap as `kyc.update`'s value). */
const KYC_EDIT_MAX_VALUE = 8192;

const kycEditFieldSchema = z.enum(KYC_FIELDS as [keyof KycRecord, ...(keyof KycRecord)[]]);

/** One edit of one cell, as History keeps it. */
export const kycEditSchema = z.strictObject({
  /** The row number the operator sees in the spreadsheet (header = row 1), or the JSON item (1-based). */
  row: z.int().positive(),
  /** 0-based position of the record among the file's records: where the edit goes when the file comes back. */
  index: z.int().nonnegative(),
  field: kycEditFieldSchema,
  /** The cell's text before the edit ('' for an empty cell). */
  old: z.string().max(KYC_EDIT_MAX_VALUE),
  /** The cell's text after it: what was sent. */
  new: z.string().max(KYC_EDIT_MAX_VALUE),
  /** The operator name the desk had when the edit was made. */
  operator: z.string().min(1).max(200),
  /** When the edit was made (ms since the epoch). */
  at: z.int().nonnegative(),
  /** The record's userId as it was sent: the accepted userIds say whether the gateway kept it. */
  userId: z.string().max(KYC_EDIT_MAX_VALUE),
});
export type KycEdit = z.infer<typeof kycEditSchema>;

/** Edits as a list: what one audit entry of a batch carries, and what History's drawer shows. */
export const kycEditsSchema = z.array(kycEditSchema);

/**
 * How a shown value differs from the file: `edit`, changed in Paydesk since the file was opened;
 * `sent`, the value sent with an earlier batch of this file (from History), not the file's.
 */
export const kycCellChangeSchema = z.object({
  /** The file's own text for this cell. */
  file: z.string(),
  from: z.enum(['edit', 'sent']),
});
export type KycCellChange = z.infer<typeof kycCellChangeSchema>;
