// Where a row is in the grid's list (the rows the filter shows), found by the row number the file gives it
// or by its userId, for the "Go to" field. The batch lives in main and the renderer holds only the pages
// near the screen, so the finder asks main: a row number by halving (row numbers rise with the position,
// whatever the filter: about 20 one-row reads in a million rows), a userId by reading the list in the
// largest pages main serves, front to back (two reads in 2,000 rows).
import { call } from '@renderer/lib/paydesk';
import { KYC_MAX_PAGE_ROWS, type KycRowFilter, type KycRowView } from '@shared/kyc-batch';

interface RowList {
  batchId: string;
  filter: KycRowFilter;
  /** Rows the filter holds. */
  total: number;
}

type FindOutcome = { found: true; pos: number; row: KycRowView } | { found: false; message: string };

const FILTER_WORD: Record<KycRowFilter, string> = {
  all: '',
  invalid: 'invalid ',
  warnings: 'warned ',
  valid: 'valid ',
  accepted: 'accepted ',
  rejected: 'rejected ',
};

async function rowsAt(list: RowList, offset: number, limit: number): Promise<KycRowView[]> {
  const page = await call('kyc.rows', { batchId: list.batchId, filter: list.filter, offset, limit });
  return page.rows;
}

async function findRowNumber(list: RowList, wanted: number): Promise<FindOutcome> {
  let low = 0;
  let high = list.total - 1;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const [row] = await rowsAt(list, mid, 1);
    if (!row) break;
    if (row.row === wanted) return { found: true, pos: mid, row };
    if (row.row < wanted) low = mid + 1;
    else high = mid - 1;
  }
  if (list.filter !== 'all') {
    return { found: false, message: `No row ${wanted} among the ${FILTER_WORD[list.filter]}rows.` };
  }
  const [first] = await rowsAt(list, 0, 1);
  const [last] = await rowsAt(list, Math.max(0, list.total - 1), 1);
  const span = first && last ? `: the rows are ${first.row} to ${last.row}` : '';
  return { found: false, message: `No row ${wanted}${span}.` };
}

async function findUserId(list: RowList, wanted: string): Promise<FindOutcome> {
  for (let offset = 0; offset < list.total; offset += KYC_MAX_PAGE_ROWS) {
    const rows = await rowsAt(list, offset, KYC_MAX_PAGE_ROWS);
    const at = rows.findIndex((row) => row.record.userId === wanted);
    if (at >= 0) return { found: true, pos: offset + at, row: rows[at]! };
    if (rows.length === 0) break;
  }
  return { found: false, message: `No ${FILTER_WORD[list.filter]}row has userId “${wanted}”.` };
}

/**
 * Digits are a row number first, then a userId (a userId may be all digits); anything else is a userId,
 * matched whole (case and all).
 */
export async function findRow(list: RowList, text: string): Promise<FindOutcome> {
  const wanted = text.trim();
  if (!/^\d{1,9}$/.test(wanted)) return findUserId(list, wanted);
  const byNumber = await findRowNumber(list, Number(wanted));
  if (byNumber.found) return byNumber;
  const byUserId = await findUserId(list, wanted);
  return byUserId.found ? byUserId : byNumber;
}
