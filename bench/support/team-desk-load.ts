// One desk's pay-ins loaded straight into the team database, as the replicator would have left them: each
// row with a created and a settled audit entry holding the row's hash, the chain linked by sha256 and every
// entry signed with the desk's real Ed25519 key, then a signed anchor on the newest entry. bench:team-verify
// and bench:team-restore load this way (a desk writing and replicating a million pay-ins would take hours).
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { contentText, GENESIS_HASH, type RawEntry } from '../../src/main/history/audit/audit-chain';
import { canonicalJson } from '../../src/main/history/audit/canonical-json';
import { rowDigest } from '../../src/main/history/audit/row-digest';
import type { deskSigner } from '../../src/main/team/desk-signing';
import { teamRowDigestInput } from '../../src/main/team/team-verify';

const BATCH = 5_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The made-up team row of pay-in `id` (1-based). */
function teamRow(id: number): Record<string, unknown> {
  const at = 1_767_225_600_000 + id * 1_000;
  return {
    row_id: id,
    version: id,
    kind: 'payin',
    status: id % 7 === 0 ? 'declined' : 'approved',
    created_at: at,
    updated_at: at + 800,
    profile: 'Sandbox',
    operator: 'bench',
    api_version: 'v2',
    merchant_trade_no: `PD${String(id).padStart(12, '0')}`,
    user_id: `customer-${id % 50_000}`,
    masked_pan: '424242******4242',
    brand: 'visa',
    last4: '4242',
    amount: `${(id % 900) + 10}.00`,
    amount_minor: ((id % 900) + 10) * 100,
    currency: 'EUR',
    order_id: `ord-${id}`,
    traceid: `trace-${id}`,
    remark: id % 7 === 0 ? 'Insufficient funds' : null,
    request_json: canonicalJson({ amount: `${(id % 900) + 10}.00`, firstName: 'Anna', lastName: 'Kowalska' }),
    response_raw: null,
    error_json: null,
    file_name: null,
    sha256: null,
    counts_json: null,
    chunks_json: null,
    accepted_user_ids_json: null,
    card_key: null,
  };
}

/**
 * Registers desk `deskId` (its name, its key) under `dbRole` and loads `rows` pay-ins with their signed
 * entries and anchor over `owner` (a connection that may write the team tables). Returns the entry count.
 */
export async function loadSignedDesk(load: {
  owner: pg.Client;
  deskId: string;
  deskName: string;
  dbRole: string;
  rows: number;
  signer: ReturnType<typeof deskSigner>;
}): Promise<number> {
  const { owner, deskId, deskName, dbRole, rows: total, signer } = load;
  await owner.query('INSERT INTO paydesk.desks (desk_id, desk_name, db_role) VALUES ($1, $2, $3)', [
    deskId,
    deskName,
    dbRole,
  ]);
  await owner.query(
    'INSERT INTO paydesk.desk_keys (desk_id, key_id, public_key, db_role) VALUES ($1, $2, $3, $4)',
    [deskId, signer.keyId, signer.publicKey, dbRole],
  );
  let seq = 0;
  let prevHash = GENESIS_HASH;
  for (let first = 1; first <= total; first += BATCH) {
    const rows: Record<string, unknown>[] = [];
    const entries: Record<string, unknown>[] = [];
    for (let id = first; id < Math.min(first + BATCH, total + 1); id += 1) {
      const row = teamRow(id);
      rows.push(row);
      const rowHash = rowDigest(teamRowDigestInput(row));
      for (const event of ['payin.created', 'payin.settled']) {
        seq += 1;
        const entry: RawEntry = {
          seq,
          at: Number(row.created_at),
          operator: 'bench',
          event,
          outcome: 'success',
          resource: String(row.merchant_trade_no),
          row_id: id,
          detail_json: canonicalJson({ rowHash, status: row.status }),
          prev_hash: prevHash,
          hash: '',
        };
        entry.hash = sha256(entry.prev_hash + contentText(entry));
        prevHash = entry.hash;
        entries.push({ ...entry, key_id: signer.keyId, sig: signer.signEntry(deskId, entry) });
      }
    }
    const columns = Object.keys(rows[0] ?? {});
    await owner.query(
      `INSERT INTO paydesk.history_rows (desk_id, db_role, ${columns.join(', ')})
       SELECT $1, $3, ${columns.map((name) => `r.${name}`).join(', ')}
       FROM jsonb_populate_recordset(NULL::paydesk.history_rows, $2::jsonb) AS r`,
      [deskId, JSON.stringify(rows), dbRole],
    );
    await owner.query(
      `INSERT INTO paydesk.audit_entries (desk_id, db_role, seq, at, operator, event, outcome, resource, row_id, detail_json, prev_hash, hash, key_id, sig)
       SELECT $1, $3, r.seq, r.at, r.operator, r.event, r.outcome, r.resource, r.row_id, r.detail_json, r.prev_hash, r.hash, r.key_id, r.sig
       FROM jsonb_populate_recordset(NULL::paydesk.audit_entries, $2::jsonb) AS r`,
      [deskId, JSON.stringify(entries), dbRole],
    );
  }
  await owner.query(
    'INSERT INTO paydesk.audit_anchors (desk_id, seq, hash, key_id, sig, db_role) VALUES ($1, $2, $3, $4, $5, $6)',
    [deskId, seq, prevHash, signer.keyId, signer.signAnchor(deskId, seq, prevHash), dbRole],
  );
  await owner.query('VACUUM ANALYZE paydesk.history_rows');
  await owner.query('VACUUM ANALYZE paydesk.audit_entries');
  return seq;
}

/** The columns of a team table that an INSERT may name (not generated ones). */
async function insertableColumns(owner: pg.Client, table: string): Promise<string[]> {
  const { rows } = await owner.query(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = 'paydesk' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((row) => String(row.column_name));
}

/**
 * Fills the team database around a loaded desk: `desks` more desks, each a copy of `fromDeskId`'s rows and
 * entries under its own id (the copies' signatures are the first desk's, so only that desk verifies; the
 * others are there for the tables' and indexes' size). Returns the team's row count.
 */
export async function addCopiedDesks(owner: pg.Client, fromDeskId: string, desks: number): Promise<number> {
  const rowColumns = (await insertableColumns(owner, 'history_rows')).filter((name) => name !== 'desk_id');
  const entryColumns = (await insertableColumns(owner, 'audit_entries')).filter((name) => name !== 'desk_id');
  for (let i = 1; i <= desks; i += 1) {
    const deskId = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    await owner.query(
      "INSERT INTO paydesk.desks (desk_id, desk_name, db_role) VALUES ($1, $2, 'paydesk_owner')",
      [deskId, `Copied desk ${i}`],
    );
    await owner.query(
      `INSERT INTO paydesk.history_rows (desk_id, ${rowColumns.join(', ')})
       SELECT $1, ${rowColumns.join(', ')} FROM paydesk.history_rows WHERE desk_id = $2`,
      [deskId, fromDeskId],
    );
    await owner.query(
      `INSERT INTO paydesk.audit_entries (desk_id, ${entryColumns.join(', ')})
       SELECT $1, ${entryColumns.join(', ')} FROM paydesk.audit_entries WHERE desk_id = $2`,
      [deskId, fromDeskId],
    );
  }
  await owner.query('VACUUM ANALYZE paydesk.history_rows');
  await owner.query('VACUUM ANALYZE paydesk.audit_entries');
  const { rows } = await owner.query('SELECT count(*)::text AS n FROM paydesk.history_rows');
  return Number(rows[0]?.n);
}
