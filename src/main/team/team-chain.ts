// A desk's audit chain as replicated to the team database, checked from there alone: every entry from
// the first replicated one to the anchor present, each linked to the one before (prev_hash), the newest
// at the anchor's seq and hash. With the desk's audit key (its keychain, audit-trust.ts) each entry's
// HMAC is checked too; without it the links and the anchor are what can be proved.
import type pg from 'pg';
import { type ChainSeal, entryHolds, GENESIS_HASH, type RawEntry } from '../history/audit-chain';

export type TeamChainProblem = {
  kind: 'missing' | 'broken_link' | 'bad_hash' | 'anchor_mismatch' | 'no_anchor';
  seq: number;
};

export type TeamChainCheck = {
  ok: boolean;
  entries: number;
  anchorSeq: number | null;
  problems: TeamChainProblem[];
};

/** Reads one desk's replicated entries and anchor (a supervisor's connection, or the desk's own) and checks them. */
export async function verifyTeamChain(
  client: { query(text: string, values?: unknown[]): Promise<pg.QueryResult> },
  deskId: string,
  seal?: ChainSeal,
): Promise<TeamChainCheck> {
  const { rows } = await client.query(
    `SELECT seq, at, operator, event, outcome, resource, row_id, detail_json, prev_hash, hash
     FROM paydesk.audit_entries WHERE desk_id = $1 ORDER BY seq`,
    [deskId],
  );
  const anchor = (
    await client.query('SELECT seq, hash FROM paydesk.audit_anchors WHERE desk_id = $1', [deskId])
  ).rows[0] as { seq: string; hash: string } | undefined;
  const entries: RawEntry[] = rows.map((row) => ({
    seq: Number(row.seq),
    at: Number(row.at),
    operator: String(row.operator),
    event: String(row.event),
    outcome: String(row.outcome),
    resource: String(row.resource),
    row_id: row.row_id === null ? null : Number(row.row_id),
    detail_json: String(row.detail_json),
    prev_hash: String(row.prev_hash),
    hash: String(row.hash),
  }));
  const problems: TeamChainProblem[] = [];
  let previous: RawEntry | undefined;
  for (const entry of entries) {
    if (previous) {
      if (entry.seq !== previous.seq + 1) problems.push({ kind: 'missing', seq: previous.seq + 1 });
      else if (entry.prev_hash !== previous.hash) problems.push({ kind: 'broken_link', seq: entry.seq });
    } else if (entry.seq === 1 && entry.prev_hash !== GENESIS_HASH) {
      problems.push({ kind: 'broken_link', seq: entry.seq });
    }
    if (seal && entryHolds(seal, entry) === false) problems.push({ kind: 'bad_hash', seq: entry.seq });
    previous = entry;
  }
  const anchorSeq = anchor ? Number(anchor.seq) : null;
  if (!anchor) {
    if (entries.length > 0) problems.push({ kind: 'no_anchor', seq: previous?.seq ?? 0 });
  } else if (!previous || previous.seq !== anchorSeq || previous.hash !== anchor.hash) {
    problems.push({ kind: 'anchor_mismatch', seq: Number(anchor.seq) });
  }
  return { ok: problems.length === 0, entries: entries.length, anchorSeq, problems };
}
