// The append-only audit trail (PCI DSS 10.2.2 / 10.3): each entry holds the hash of the one before it and
// its own hash = SHA-256(prevHash + canonical JSON of its content). An edited entry no longer matches its
// hash; a removed or inserted one breaks the links or the numbering; removed newest entries are caught by
// audit_head, the chain's last link written in the same transaction as each entry.
import { createHash } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { canonicalJson } from './canonical-json';

export const GENESIS_HASH = '0'.repeat(64);

export type AuditOutcome = 'success' | 'failure';

export type AuditEvent = {
  operator: string;
  event: string;
  outcome: AuditOutcome;
  /** merchantTradeNo of a pay-in, `batch:<id>` of a KYC batch, or what else the event is about. */
  resource: string;
  rowId?: number | null;
  /** Small, and never card data: statuses, counts, hashes. */
  detail?: Record<string, unknown>;
};

export type AuditEntry = Required<Omit<AuditEvent, 'rowId'>> & {
  seq: number;
  at: number;
  rowId: number | null;
  prevHash: string;
  hash: string;
};

export type ChainVerification =
  | { ok: true; entries: number; lastSeq: number }
  | { ok: false; brokenAt: number; reason: string };

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function entryHash(prevHash: string, content: Omit<AuditEntry, 'prevHash' | 'hash'>): string {
  return sha256Hex(prevHash + canonicalJson(content));
}

// The three statements of an append, compiled once per database (an append runs on every row change).
const appendStatements = new WeakMap<DatabaseSync, Map<string, StatementSync>>();
function cached(db: DatabaseSync, sql: string): StatementSync {
  let statements = appendStatements.get(db);
  if (!statements) {
    statements = new Map();
    appendStatements.set(db, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

/** Appends one entry. The caller holds the write transaction that also changes the row it describes. */
export function appendAudit(db: DatabaseSync, event: AuditEvent, at: number): AuditEntry {
  const head = cached(db, 'SELECT seq, hash FROM audit_head WHERE id = 1').get();
  const prevHash = head ? String(head.hash) : GENESIS_HASH;
  const seq = head ? Number(head.seq) + 1 : 1;
  const content = {
    seq,
    at,
    operator: event.operator,
    event: event.event,
    outcome: event.outcome,
    resource: event.resource,
    rowId: event.rowId ?? null,
    detail: event.detail ?? {},
  };
  const hash = entryHash(prevHash, content);
  cached(
    db,
    `INSERT INTO audit_log (seq, at, operator, event, outcome, resource, row_id, detail_json, prev_hash, hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    seq,
    at,
    content.operator,
    content.event,
    content.outcome,
    content.resource,
    content.rowId,
    canonicalJson(content.detail),
    prevHash,
    hash,
  );
  cached(
    db,
    `INSERT INTO audit_head (id, seq, hash) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash`,
  ).run(seq, hash);
  return { ...content, prevHash, hash };
}

function parseDetail(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function rowToEntry(row: Record<string, unknown>): AuditEntry {
  return {
    seq: Number(row.seq),
    at: Number(row.at),
    operator: String(row.operator),
    event: String(row.event),
    outcome: row.outcome === 'failure' ? 'failure' : 'success',
    resource: String(row.resource),
    rowId: row.row_id === null ? null : Number(row.row_id),
    detail: parseDetail(String(row.detail_json)) ?? {},
    prevHash: String(row.prev_hash),
    hash: String(row.hash),
  };
}

/** Walks the whole chain from the first entry; reports the first entry that does not hold. */
export function verifyAuditChain(db: DatabaseSync): ChainVerification {
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let entries = 0;
  for (const row of db.prepare('SELECT * FROM audit_log ORDER BY seq').iterate()) {
    const seq = Number(row.seq);
    if (seq !== expectedSeq) {
      return {
        ok: false,
        brokenAt: expectedSeq,
        reason:
          seq > expectedSeq
            ? `Audit entry ${expectedSeq} is missing: entries were deleted.`
            : `Audit entry ${seq} is out of sequence.`,
      };
    }
    if (String(row.prev_hash) !== prevHash) {
      return {
        ok: false,
        brokenAt: seq,
        reason: `Audit entry ${seq} does not link to the entry before it: an entry was inserted, replaced or deleted.`,
      };
    }
    const detail = parseDetail(String(row.detail_json));
    const entry = rowToEntry(row);
    const { prevHash: _prev, hash: _hash, ...content } = entry;
    if (detail === undefined || entryHash(prevHash, content) !== entry.hash) {
      return { ok: false, brokenAt: seq, reason: `Audit entry ${seq} was changed after it was written.` };
    }
    prevHash = entry.hash;
    expectedSeq = seq + 1;
    entries += 1;
  }
  const lastSeq = expectedSeq - 1;
  const head = db.prepare('SELECT seq, hash FROM audit_head WHERE id = 1').get();
  if (!head && lastSeq > 0) {
    return { ok: false, brokenAt: lastSeq, reason: 'The record of the last audit entry was deleted.' };
  }
  const headSeq = head ? Number(head.seq) : 0;
  const headHash = head ? String(head.hash) : GENESIS_HASH;
  if (headSeq > lastSeq) {
    return {
      ok: false,
      brokenAt: lastSeq + 1,
      reason: `The newest audit entries (${lastSeq + 1} to ${headSeq}) were deleted.`,
    };
  }
  if (headSeq < lastSeq) {
    return {
      ok: false,
      brokenAt: headSeq + 1,
      reason: `Audit entries after ${headSeq} were added outside Paydesk.`,
    };
  }
  if (headHash !== prevHash) {
    return { ok: false, brokenAt: lastSeq, reason: `The last audit entry (${lastSeq}) was replaced.` };
  }
  return { ok: true, entries, lastSeq };
}
