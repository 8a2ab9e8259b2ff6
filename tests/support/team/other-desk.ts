// Another desk's replicated pay-ins, written into the team database as that desk's own role would (its
// desk registered, rows through row-level security), for tests and screenshots that need a team without
// running a second Paydesk.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TeamDatabase } from './team-database';

type OtherDeskPayIn = {
  merchantTradeNo: string;
  status: string;
  amount: string;
  minutesAgo: number;
  maskedPan?: string;
  userId?: string;
};

export async function seedOtherDesk(
  team: TeamDatabase,
  role: string,
  desk: { name: string; operator: string },
  payIns: readonly OtherDeskPayIn[],
): Promise<{ deskId: string }> {
  const client = new pg.Client(await team.addDesk(role));
  await client.connect();
  const deskId = randomUUID();
  try {
    await client.query('INSERT INTO paydesk.desks (desk_id, desk_name) VALUES ($1, $2)', [deskId, desk.name]);
    let rowId = 0;
    for (const payIn of payIns) {
      rowId += 1;
      const at = Date.now() - payIn.minutesAgo * 60_000;
      const maskedPan = payIn.maskedPan ?? '411111******1111';
      const [units = '0', cents = '00'] = payIn.amount.split('.');
      await client.query(
        `INSERT INTO paydesk.history_rows (desk_id, row_id, version, kind, status, created_at, updated_at,
           profile, operator, api_version, merchant_trade_no, user_id, masked_pan, brand, last4, amount,
           amount_minor, currency, request_json)
         VALUES ($1, $2, $2, 'payin', $3, $4, $4, 'Sandbox', $5, 'v2', $6, $7, $8, 'VISA', $9, $10, $11, 'EUR', '{}')`,
        [
          deskId,
          rowId,
          payIn.status,
          at,
          desk.operator,
          payIn.merchantTradeNo,
          payIn.userId ?? `cust-${rowId}`,
          maskedPan,
          maskedPan.slice(-4),
          payIn.amount,
          `${units}${cents}`,
        ],
      );
    }
  } finally {
    await client.end();
  }
  return { deskId };
}
