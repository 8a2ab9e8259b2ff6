// Where a row is in the grid's list (the rows the filter shows), found by the row number the file gives it
// or by its userId, for the "Go to" field. The batch lives in main and the renderer holds only the pages
// near the screen, so the finder asks main: a row number by halving (row numbers rise with the position,
// whatever the filter: about 20 one-row reads in a million rows), a userId by reading the list in the
// largest pages main serves, front to back (two reads in 2,000 rows).
import { translate } from '@renderer/i18n/i18n';
import { call } from '@renderer/lib/paydesk';
import { KYC_MAX_PAGE_ROWS, type KycRowFilter, type KycRowView } from '@shared/kyc-batch';

interface RowList {
  batchId: string;
  filter: KycRowFilter;
  /** Rows the filter holds. */
  total: number;
}

type FindOutcome = { found: true; pos: number; row: KycRowView } | { found: false; message: string };

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
    const message = translate('kyc.page.noRowInFilter', { filter: list.filter, row: String(wanted) });
    return { found: false, message };
  }
  const [first] = await rowsAt(list, 0, 1);
  const [last] = await rowsAt(list, Math.max(0, list.total - 1), 1);
  const message =
    first && last
      ? translate('kyc.page.noRowNumberSpan', {
          row: String(wanted),
          first: String(first.row),
          last: String(last.row),
        })
      : translate('kyc.page.noRowNumber', { row: String(wanted) });
  return { found: false, message };
}

async function findUserId(list: RowList, wanted: string): Promise<FindOutcome> {
  for (let offset = 0; offset < list.total; offset += KYC_MAX_PAGE_ROWS) {
    const rows = await rowsAt(list, offset, KYC_MAX_PAGE_ROWS);
    const at = rows.findIndex((row) => row.record.userId === wanted);
    if (at >= 0) return { found: true, pos: offset + at, row: rows[at]! };
    if (rows.length === 0) break;
  }
  return { found: false, message: translate('kyc.page.noUserId', { filter: list.filter, userId: wanted }) };
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
