// What an audit entry pins of a history row (its `rowHash`), so that a row edited behind Paydesk's back
// no longer matches the entry that last described it.
// - Keyed entries: SHA-256 over every column as SQLite's quote() prints it, type included. Every column,
//   not the row as the contract shows it: amount_minor is not shown but sorts and sums (the daily
//   totals), and an edit to it alone must show too. The column list is fixed (each column's `digest`
//   place in src/shared/history-row.ts), so a column a later migration adds does not change the digest of
//   every existing row (it would need a rule of its own).
// - Legacy entries (written before keyed sealing): SHA-256 of the canonical JSON of the row as the
//   contract showed it then, which is what those entries recorded (the note under its old key, `error`):
//   the fields of the columns with a digest place, never one added later.
// Computed in SQL (quote, concatenation) so that reading a million rows for a full check costs one
// SHA-256 each, not a JavaScript object per row.
import type { HistoryRow } from '@shared/history';
import { DIGEST_FIELDS, DIGEST_ORDER } from '../row-table/columns';
import { sha256Hex } from './audit-chain';
import { canonicalJson } from './canonical-json';

/** The digest's columns in their fixed order: each column's `digest` place in src/shared/history-row.ts. */
export const DIGEST_COLUMNS = DIGEST_ORDER;

/** The SQL expression whose text is hashed: `quote(id) || ',' || quote(kind) || …` of the row `alias`. */
export function digestInputSql(alias?: string): string {
  const prefix = alias ? `${alias}.` : '';
  return DIGEST_COLUMNS.map((column) => `quote(${prefix}${column})`).join(` || ',' || `);
}

/** The keyed entries' row digest, from the text of digestInputSql. */
export function rowDigest(digestInput: string): string {
  return sha256Hex(`paydesk-row-v2:${digestInput}`);
}

/**
 * The legacy entries' row digest. The contract named the row's note `error` when those entries were
 * written (history migration 9 renamed it), so the hashed form keeps that key; a field added to the
 * contract since (a column without a digest place) is not part of it.
 */
export function legacyRowDigest(row: HistoryRow): string {
  const fields: Record<string, unknown> = row;
  const hashed: Record<string, unknown> = {};
  for (const field of DIGEST_FIELDS) {
    if (field in fields) hashed[field === 'note' ? 'error' : field] = fields[field];
  }
  return sha256Hex(canonicalJson(hashed));
}
