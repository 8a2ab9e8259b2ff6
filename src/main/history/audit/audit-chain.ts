// The append-only audit trail (PCI DSS 10.2, 10.3.2): each entry holds the hash of the one before it, and
// its own hash is an HMAC-SHA256 of that link and its content, under a per-desk key kept in the OS
// keychain (audit-trust.ts). Someone with the file alone can still edit, insert or delete entries, but
// can no longer make them verify: recomputing the chain needs the key, not just this code.
//
// Which rule an entry was sealed under depends on its seq alone, and the boundaries come from the key's
// record in the keychain, never from the file (ChainSeal.ruleFor):
// - `keyed`: written by this version, HMAC under the current key;
// - `legacy`: written by Paydesk before keyed sealing, plain SHA-256. Adopted once at upgrade and pinned
//   by the first keyed entry, whose HMAC covers the last legacy hash, and by the anchor;
// - `unproved`: sealed under a key this keychain no longer holds (a keychain reset, another machine, or an
//   earlier session without a keychain). Their links can be followed, their content cannot be proved.
//
// Deleting the newest entries, or the WAL that holds them, leaves a chain consistent in itself: the anchor
// kept outside the file (audit-trust.ts) is what catches that.
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
  /**
   * Small, and never card data: statuses, counts, hashes; and a KYC batch's hand edits of records that
   * were sent (kyc-edit-trail.ts).
   */
  detail?: Record<string, unknown>;
};

export type AuditEntry = Required<Omit<AuditEvent, 'rowId'>> & {
  seq: number;
  at: number;
  rowId: number | null;
  prevHash: string;
  hash: string;
};

export type EntryRule = 'legacy' | 'unproved' | 'keyed';

/** How entries are sealed and checked: the audit key and the seq ranges of its record (audit-trust.ts). */
export interface ChainSeal {
  /** The first entry the current key seals. */
  readonly sealedFrom: number;
  ruleFor(seq: number): EntryRule;
  /** The keyed hash of an entry: HMAC-SHA256 of its predecessor's hash followed by its content. */
  mac(prevHash: string, content: string): string;
}

/** An audit_log row as SQLite returns it. */
export type RawEntry = {
  seq: number;
  at: number;
  operator: string;
  event: string;
  outcome: string;
  resource: string;
  row_id: number | null;
  detail_json: string;
  prev_hash: string;
  hash: string;
};

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The text an entry's hash covers: canonical JSON of its content with the stored detail text as it is
 * (it is written canonical). Byte for byte what the unkeyed chain hashed, so legacy entries check too.
 */
export function contentText(entry: Omit<RawEntry, 'prev_hash' | 'hash'>): string {
  const rowId = entry.row_id === null ? 'null' : String(entry.row_id);
  return (
    `{"at":${entry.at},"detail":${entry.detail_json},"event":${JSON.stringify(entry.event)},` +
    `"operator":${JSON.stringify(entry.operator)},"outcome":${JSON.stringify(entry.outcome)},` +
    `"resource":${JSON.stringify(entry.resource)},"rowId":${rowId},"seq":${entry.seq}}`
  );
}

/** What the entry's hash should be under its rule; undefined when it cannot be known (unproved). */
function expectedHash(seal: ChainSeal, entry: RawEntry): string | undefined {
  const rule = seal.ruleFor(entry.seq);
  if (rule === 'unproved') return undefined;
  const content = contentText(entry);
  return rule === 'keyed' ? seal.mac(entry.prev_hash, content) : sha256Hex(entry.prev_hash + content);
}

/** Whether the entry is exactly as sealed: true, false, or 'unproved' when its key is not at hand. */
export function entryHolds(seal: ChainSeal, entry: RawEntry): boolean | 'unproved' {
  const expected = expectedHash(seal, entry);
  return expected === undefined ? 'unproved' : expected === entry.hash;
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

/** Appends one keyed entry. The caller holds the write transaction that also changes the row it describes. */
export function appendAudit(db: DatabaseSync, seal: ChainSeal, event: AuditEvent, at: number): AuditEntry {
  const head = cached(db, 'SELECT seq, hash FROM audit_head WHERE id = 1').get();
  const prevHash = head ? String(head.hash) : GENESIS_HASH;
  // A file behind its key (it lost entries the key had sealed: a rollback, caught by the anchor) goes on
  // from the key's first entry, so the gap stays in the chain for every check to report.
  const seq = Math.max(head ? Number(head.seq) + 1 : 1, seal.sealedFrom);
  const detail = event.detail ?? {};
  const raw = {
    seq,
    at,
    operator: event.operator,
    event: event.event,
    outcome: event.outcome,
    resource: event.resource,
    row_id: event.rowId ?? null,
    detail_json: canonicalJson(detail),
  };
  const hash = seal.mac(prevHash, contentText(raw));
  cached(
    db,
    `INSERT INTO audit_log (seq, at, operator, event, outcome, resource, row_id, detail_json, prev_hash, hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    seq,
    at,
    raw.operator,
    raw.event,
    raw.outcome,
    raw.resource,
    raw.row_id,
    raw.detail_json,
    prevHash,
    hash,
  );
  cached(
    db,
    `INSERT INTO audit_head (id, seq, hash) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash`,
  ).run(seq, hash);
  return {
    seq,
    at,
    operator: raw.operator,
    event: raw.event,
    outcome: raw.outcome,
    resource: raw.resource,
    rowId: raw.row_id,
    detail,
    prevHash,
    hash,
  };
}

export function parseDetail(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    // TypeScript narrows a non-array object only to `object`, never to a record of its members.
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function toRawEntry(row: Record<string, unknown>): RawEntry {
  return {
    seq: Number(row.seq),
    at: Number(row.at),
    operator: String(row.operator),
    event: String(row.event),
    outcome: String(row.outcome),
    resource: String(row.resource),
    row_id: row.row_id === null || row.row_id === undefined ? null : Number(row.row_id),
    detail_json: String(row.detail_json),
    prev_hash: String(row.prev_hash),
    hash: String(row.hash),
  };
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
