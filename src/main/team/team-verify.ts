// A supervisor's check of a desk from the team database alone (npm run team:verify, History → Team →
// Verify). It needs no desk's keychain: every replicated audit entry and anchor carries the desk's Ed25519
// signature (desk-signing.ts), and the public keys are registered in paydesk.desk_keys. It checks:
// - each entry's signature, under a key registered for the desk (and pinned, where an administrator
//   pinned one), and that the key is the one its id names;
// - the chain: no seq missing, each entry linked to the one before, the first to the genesis;
// - the anchor: signed, at the newest entry, and no entry beyond it (an anchor moved back);
// - every replicated row against the row hash its newest entry recorded (history/audit/row-digest.ts), rows
//   no entry names (added in the database), and entries whose row is gone.
// It reads in keyset pages, so a desk of millions of rows costs time, not memory. Entries replicated
// before the team database held signatures (team migration 4) cannot be proved here and are counted as such.

import type { KeyObject } from 'node:crypto';
import type { MessageKey, MessageValues } from '@shared/i18n/messages';
import type { DeskVerification, TeamVerifyProblem, TeamVerifyProblemKind } from '@shared/team-history';
import { GENESIS_HASH, parseDetail, type RawEntry, toRawEntry } from '../history/audit/audit-chain';
import { DIGEST_COLUMNS, rowDigest } from '../history/audit/row-digest';
import { INTEGER_COLUMNS, teamColumnAs } from '../history/row-table/columns';
import { worded } from '../i18n/worded';
import {
  anchorStatement,
  entryStatement,
  keyIdOf,
  publicKeyOf,
  signatureHoldsOffThread,
} from './desk-signing';

export type { DeskVerification } from '@shared/team-history';

type Queryable = { query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

const PAGE = 5_000;
const MAX_PROBLEMS = 200;

/** SQLite's quote() of one value as the desk's file held it (the row digest's input, row-digest.ts). */
function quoteLikeSqlite(column: string, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  // quote() prints SQLite's INTEGER columns bare.
  if (INTEGER_COLUMNS.has(column)) return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** The digest input of a replicated row: what the desk hashed in SQLite, rebuilt from PostgreSQL's columns. */
export function teamRowDigestInput(row: Record<string, unknown>): string {
  return DIGEST_COLUMNS.map((column) =>
    quoteLikeSqlite(column, column === 'id' ? row.row_id : row[column]),
  ).join(',');
}

function toEntry(row: Record<string, unknown>): RawEntry & { keyId: string | null; sig: string | null } {
  return {
    ...toRawEntry(row),
    keyId: row.key_id === null ? null : String(row.key_id),
    sig: row.sig === null ? null : String(row.sig),
  };
}

/** A problem worded from the catalogue (`team.verify.problem.*`): its English reason and its words. */
function teamProblem(
  kind: TeamVerifyProblemKind,
  where: { seq?: number; rowId?: number },
  key: MessageKey,
  values?: MessageValues,
): TeamVerifyProblem {
  const { message, words } = worded(key, values);
  return { kind, ...where, reason: message, words };
}

/** How an entry's signature fails, with and without the row it concerns. */
const SIGNATURE_KEYS = {
  signature_missing: ['team.verify.problem.signatureMissing', 'team.verify.problem.rowSignatureMissing'],
  unknown_key: ['team.verify.problem.unknownKey', 'team.verify.problem.rowUnknownKey'],
  bad_signature: ['team.verify.problem.badSignature', 'team.verify.problem.rowBadSignature'],
} as const satisfies Partial<Record<TeamVerifyProblemKind, readonly [MessageKey, MessageKey]>>;

/** Checks one desk (by id) from the team database; `client` is a supervisor's, or the owner's. */
export async function verifyTeamDesk(client: Queryable, deskId: string): Promise<DeskVerification> {
  const problems: TeamVerifyProblem[] = [];
  let problemCount = 0;
  const report = (problem: TeamVerifyProblem) => {
    problemCount += 1;
    if (problems.length < MAX_PROBLEMS) problems.push(problem);
  };

  const desk = (
    await client.query('SELECT desk_name, db_role FROM paydesk.desks WHERE desk_id = $1', [deskId])
  ).rows[0];
  if (!desk) throw new Error(`No desk with id ${deskId} in the team database.`);
  // A desk's own role (its restore, team-restore.ts) may not read the administrator's pins: it checks
  // against the keys registered for it, as a supervisor would without a pin.
  const pinsReadable = (
    await client.query("SELECT has_table_privilege('paydesk.desk_key_pins', 'SELECT') AS can")
  ).rows[0]?.can;
  const pin = pinsReadable
    ? ((await client.query('SELECT key_id FROM paydesk.desk_key_pins WHERE db_role = $1', [desk.db_role]))
        .rows[0]?.key_id as string | undefined)
    : undefined;

  // The desk's keys, each checked against its own id (the table's CHECK holds that, unless it was dropped).
  const keys = new Map<string, KeyObject>();
  for (const key of (
    await client.query(
      'SELECT key_id, public_key FROM paydesk.desk_keys WHERE desk_id = $1 ORDER BY key_id',
      [deskId],
    )
  ).rows) {
    const keyId = String(key.key_id);
    const publicKey = String(key.public_key);
    if (keyIdOf(publicKey) !== keyId) {
      report(teamProblem('key_mismatch', {}, 'team.verify.problem.keyReplaced', { keyId }));
      continue;
    }
    if (pin !== undefined && keyId !== pin) {
      report(teamProblem('key_not_pinned', {}, 'team.verify.problem.keyNotPinned', { keyId, pin }));
      continue;
    }
    const verifier = publicKeyOf(publicKey);
    if (!verifier) {
      report(teamProblem('key_mismatch', {}, 'team.verify.problem.keyNotEd25519', { keyId }));
      continue;
    }
    keys.set(keyId, verifier);
  }

  const signatureProblem = async (
    keyId: string | null,
    sig: string | null,
    statement: string,
  ): Promise<TeamVerifyProblemKind | undefined> => {
    if (keyId === null || sig === null) return 'signature_missing';
    const publicKey = keys.get(keyId);
    if (publicKey === undefined) return 'unknown_key';
    return (await signatureHoldsOffThread(publicKey, statement, sig)) ? undefined : 'bad_signature';
  };

  // The chain, a page at a time in seq order.
  let entries = 0;
  let unproved = 0;
  let signedSeen = false;
  let previous: { seq: number; hash: string } | undefined;
  let after = 0;
  for (;;) {
    const { rows } = await client.query(
      `SELECT seq, at, operator, event, outcome, resource, row_id, detail_json, prev_hash, hash, key_id, sig
       FROM paydesk.audit_entries WHERE desk_id = $1 AND seq > $2 ORDER BY seq LIMIT ${PAGE}`,
      [deskId, after],
    );
    // The page's signatures are checked all at once (on every core), then the page is read in seq order.
    const page = rows.map(toEntry);
    let signedBefore = signedSeen;
    const signatureProblems = await Promise.all(
      page.map((entry) => {
        if (entry.sig === null && entry.keyId === null && !signedBefore) return undefined;
        signedBefore = true;
        return signatureProblem(entry.keyId, entry.sig, entryStatement(deskId, entry));
      }),
    );
    for (const [index, entry] of page.entries()) {
      entries += 1;
      if (previous) {
        if (entry.seq !== previous.seq + 1) {
          report(
            teamProblem('entry_missing', { seq: previous.seq + 1 }, 'team.verify.problem.entriesMissing', {
              from: previous.seq + 1,
              to: entry.seq - 1,
            }),
          );
        } else if (entry.prev_hash !== previous.hash) {
          report(
            teamProblem('broken_link', { seq: entry.seq }, 'team.verify.problem.brokenLink', {
              seq: entry.seq,
              previous: previous.seq,
            }),
          );
        }
      } else if (entry.seq === 1 && entry.prev_hash !== GENESIS_HASH) {
        report(teamProblem('broken_link', { seq: 1 }, 'team.verify.problem.firstUnlinked'));
      } else if (entry.seq > 1) {
        report(
          teamProblem('entry_missing', { seq: 1 }, 'team.verify.problem.entriesMissing', {
            from: 1,
            to: entry.seq - 1,
          }),
        );
      }
      const unsigned = entry.sig === null && entry.keyId === null;
      if (unsigned && !signedSeen) {
        unproved += 1;
      } else {
        signedSeen = true;
        const problem = signatureProblems[index];
        if (problem) {
          const [withoutRow, withRow] = SIGNATURE_KEYS[problem as keyof typeof SIGNATURE_KEYS];
          const values = { seq: entry.seq, event: entry.event, keyId: entry.keyId ?? '' };
          report(
            entry.row_id === null
              ? teamProblem(problem, { seq: entry.seq }, withoutRow, values)
              : teamProblem(problem, { seq: entry.seq, rowId: entry.row_id }, withRow, {
                  ...values,
                  rowId: entry.row_id,
                }),
          );
        }
      }
      previous = { seq: entry.seq, hash: entry.hash };
      after = entry.seq;
    }
    if (rows.length < PAGE) break;
  }

  const anchorRow = (
    await client.query('SELECT seq, hash, key_id, sig FROM paydesk.audit_anchors WHERE desk_id = $1', [
      deskId,
    ])
  ).rows[0];
  const anchorSeq = anchorRow ? Number(anchorRow.seq) : null;
  if (!anchorRow) {
    if (entries > 0) report(teamProblem('no_anchor', {}, 'team.verify.problem.noAnchor'));
  } else {
    const seq = Number(anchorRow.seq);
    const hash = String(anchorRow.hash);
    const keyId = anchorRow.key_id === null ? null : String(anchorRow.key_id);
    const sig = anchorRow.sig === null ? null : String(anchorRow.sig);
    if (!(keyId === null && sig === null && !signedSeen)) {
      const problem = await signatureProblem(keyId, sig, anchorStatement(deskId, seq, hash));
      if (problem) {
        report(teamProblem('anchor_bad_signature', { seq }, 'team.verify.problem.anchorUnsigned', { seq }));
      }
    }
    if (previous && previous.seq > seq) {
      report(
        teamProblem('anchor_behind', { seq }, 'team.verify.problem.anchorBehind', {
          seq,
          newest: previous.seq,
        }),
      );
    } else if (!previous || previous.seq !== seq || previous.hash !== hash) {
      report(teamProblem('anchor_mismatch', { seq }, 'team.verify.problem.anchorMismatch', { seq }));
    }
  }

  // Every row against its newest entry's row hash, a page of rows at a time in row_id order.
  let rowsChecked = 0;
  let afterRow = 0;
  const columns = DIGEST_COLUMNS.filter((column) => column !== 'id').map((column) =>
    teamColumnAs(column, 'r.'),
  );
  for (;;) {
    const { rows } = await client.query(
      `SELECT r.row_id, ${columns.join(', ')}, e.seq AS entry_seq, e.detail_json AS entry_detail
       FROM paydesk.history_rows AS r
       LEFT JOIN LATERAL (
         SELECT seq, detail_json FROM paydesk.audit_entries AS a
         WHERE a.desk_id = r.desk_id AND a.row_id = r.row_id ORDER BY a.seq DESC LIMIT 1
       ) AS e ON true
       WHERE r.desk_id = $1 AND r.row_id > $2 ORDER BY r.row_id LIMIT ${PAGE}`,
      [deskId, afterRow],
    );
    for (const row of rows) {
      const rowId = Number(row.row_id);
      rowsChecked += 1;
      afterRow = rowId;
      if (row.entry_seq === null) {
        report(teamProblem('row_without_entry', { rowId }, 'team.verify.problem.rowWithoutEntry', { rowId }));
        continue;
      }
      const seq = Number(row.entry_seq);
      const recorded = parseDetail(String(row.entry_detail))?.rowHash;
      if (recorded !== rowDigest(teamRowDigestInput(row))) {
        report(teamProblem('row_changed', { seq, rowId }, 'team.verify.problem.rowChanged', { rowId, seq }));
      }
    }
    if (rows.length < PAGE) break;
  }

  // Entries whose row is not in the team database (it was deleted there).
  let afterOrphan = 0;
  for (;;) {
    const { rows } = await client.query(
      `SELECT a.row_id, min(a.seq) AS seq FROM paydesk.audit_entries AS a
       WHERE a.desk_id = $1 AND a.row_id > $2 AND a.row_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM paydesk.history_rows AS r WHERE r.desk_id = a.desk_id AND r.row_id = a.row_id)
       GROUP BY a.row_id ORDER BY a.row_id LIMIT ${PAGE}`,
      [deskId, afterOrphan],
    );
    for (const row of rows) {
      const rowId = Number(row.row_id);
      afterOrphan = rowId;
      const seq = Number(row.seq);
      report(teamProblem('row_missing', { seq, rowId }, 'team.verify.problem.rowMissing', { rowId, seq }));
    }
    if (rows.length < PAGE) break;
  }

  return {
    deskId,
    deskName: String(desk.desk_name),
    entries,
    unproved,
    rows: rowsChecked,
    anchorSeq,
    keyIds: [...keys.keys()],
    ok: problemCount === 0,
    problems,
    problemCount,
  };
}

/** Every desk, or those whose name is `deskName`, checked one after another. */
export async function verifyTeam(
  client: Queryable,
  options: { deskName?: string } = {},
): Promise<DeskVerification[]> {
  const { rows } = await client.query(
    options.deskName === undefined
      ? 'SELECT desk_id FROM paydesk.desks ORDER BY desk_name, desk_id'
      : 'SELECT desk_id FROM paydesk.desks WHERE desk_name = $1 ORDER BY desk_id',
    options.deskName === undefined ? [] : [options.deskName],
  );
  const results: DeskVerification[] = [];
  for (const row of rows) results.push(await verifyTeamDesk(client, String(row.desk_id)));
  return results;
}
