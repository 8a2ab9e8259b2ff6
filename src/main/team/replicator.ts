// Sends the desk's outbox (history/store/team-outbox.ts) to the team database, oldest first, one batch per
// PostgreSQL transaction, and drops the batch from the outbox only once PostgreSQL has committed it.
// Every write is idempotent: a row is upserted under (desk id, row id) only when its version (the outbox
// seq of the write) is newer than what the team store has; an audit entry is inserted under (desk id,
// seq) or left as it is. So a batch sent twice (committed, then the desk stopped before dropping it) or
// after a newer state changes nothing, and a desk that was cut off catches up with nothing lost or doubled.
// It never blocks a pay-in: the outbox is written by the history's own transaction, this loop only reads
// it, and a database that is down, slow or gone costs retries with backoff here, nothing at the desk.
import type { TeamStatus } from '@shared/team-history';
import type pg from 'pg';
import { toRawEntry } from '../history/audit/audit-chain';
import { TEAM_COLUMNS } from '../history/row-table/columns';
import type { OutboxEntry, TeamOutbox } from '../history/store/team-outbox';
import { errorWords, WordedError } from '../i18n/worded';
import { wakeableSleep } from '../wakeable-sleep';
import { teamSchemaVersion } from './apply-team-migrations';
import type { DeskSigner } from './desk-signing';
import { REPLICATION_SCHEMA_VERSION, SIGNING_SCHEMA_VERSION } from './team-migrations';

/**
 * The columns of a replicated row in a team database at schema `version`, with their PostgreSQL types: the
 * keys of team_row_payload's JSON (the row table's team columns) that the database has, and the version of
 * the write. A desk updated before the administrator migrates keeps replicating what the database holds.
 */
function rowColumns(version: number): (readonly [string, string])[] {
  return TEAM_COLUMNS.filter((column) => column.since <= version).flatMap(({ team, pgType }) =>
    team === 'row_id'
      ? [
          [team, pgType],
          ['version', 'bigint'],
        ]
      : [[team, pgType]],
  );
}

const AUDIT_COLUMNS = [
  ['seq', 'bigint'],
  ['at', 'bigint'],
  ['operator', 'text'],
  ['event', 'text'],
  ['outcome', 'text'],
  ['resource', 'text'],
  ['row_id', 'bigint'],
  ['detail_json', 'text'],
  ['prev_hash', 'text'],
  ['hash', 'text'],
] as const;

const names = (columns: readonly (readonly [string, string])[]) => columns.map(([name]) => name);
const recordType = (columns: readonly (readonly [string, string])[]) =>
  columns.map(([name, type]) => `${name} ${type}`).join(', ');

function upsertRows(version: number): string {
  const columns = rowColumns(version);
  return `
  INSERT INTO paydesk.history_rows (desk_id, ${names(columns).join(', ')})
  SELECT $1, ${names(columns).join(', ')}
  FROM jsonb_to_recordset($2::jsonb) AS r(${recordType(columns)})
  ON CONFLICT (desk_id, row_id) DO UPDATE SET
    ${names(columns)
      .filter((name) => name !== 'row_id')
      .map((name) => `${name} = EXCLUDED.${name}`)
      .join(', ')},
    replicated_at = now()
  WHERE paydesk.history_rows.version < EXCLUDED.version`;
}

/** An entry's signature and the key it is under (team migration 4 on). */
const SIGNATURE_COLUMNS = [
  ['key_id', 'text'],
  ['sig', 'text'],
] as const;

function insertAudit(signed: boolean): string {
  const columns = signed ? [...AUDIT_COLUMNS, ...SIGNATURE_COLUMNS] : AUDIT_COLUMNS;
  return `
  INSERT INTO paydesk.audit_entries (desk_id, ${names(columns).join(', ')})
  SELECT $1, ${names(columns).join(', ')}
  FROM jsonb_to_recordset($2::jsonb) AS r(${recordType(columns)})
  ON CONFLICT (desk_id, seq) DO NOTHING`;
}

const MOVE_ANCHOR = `
  INSERT INTO paydesk.audit_anchors (desk_id, seq, hash) VALUES ($1, $2, $3)
  ON CONFLICT (desk_id) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash, updated_at = now()
  WHERE paydesk.audit_anchors.seq < EXCLUDED.seq`;

const MOVE_SIGNED_ANCHOR = `
  INSERT INTO paydesk.audit_anchors (desk_id, seq, hash, key_id, sig) VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (desk_id) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash, key_id = EXCLUDED.key_id,
    sig = EXCLUDED.sig, updated_at = now()
  WHERE paydesk.audit_anchors.seq < EXCLUDED.seq`;

const REGISTER_KEY = `
  INSERT INTO paydesk.desk_keys (desk_id, key_id, public_key) VALUES ($1, $2, $3)
  ON CONFLICT (desk_id, key_id) DO NOTHING`;

const REGISTER_DESK = `
  INSERT INTO paydesk.desks (desk_id, desk_name) VALUES ($1, $2)
  ON CONFLICT (desk_id) DO UPDATE SET desk_name = EXCLUDED.desk_name, last_seen_at = now()`;

export type ReplicatorState =
  | { kind: 'idle'; pending: 0 }
  | { kind: 'sending'; pending: number }
  | { kind: 'retrying'; pending: number; error: string; retryInMs: number };

export interface ReplicatorLog {
  info(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export interface ReplicatorOptions {
  outbox: TeamOutbox;
  pool: pg.Pool;
  deskId: string;
  deskName: string;
  /** Signs each audit entry and the anchor as they are sent (desk-signing.ts). */
  signer: DeskSigner;
  log?: ReplicatorLog;
  /** Entries per PostgreSQL transaction. */
  batchSize?: number;
  /** How often an empty outbox is looked at again; nudge() looks at once (the app does not call it yet). */
  idleMs?: number;
  /** The first retry's wait; doubled per failure up to maxBackoffMs, with up to a quarter of jitter. */
  backoffMs?: number;
  maxBackoffMs?: number;
  onState?: (state: ReplicatorState) => void;
  /** A batch has committed in the team store (the notification subscriber asks about open orders then). */
  onSent?: () => void;
}

/** Thrown when the team database is not at the schema this Paydesk needs: retried like any failure. */
class TeamSchemaError extends WordedError {
  override name = 'TeamSchemaError';
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The rows of a batch, newest version of each (one upsert may not touch a row twice), and its entries. */
function splitBatch(entries: readonly OutboxEntry[]) {
  const rows = new Map<number, Record<string, unknown>>();
  const audit: Record<string, unknown>[] = [];
  for (const entry of entries) {
    const payload = JSON.parse(entry.payload) as Record<string, unknown>;
    if (entry.kind === 'row') rows.set(entry.ref, { ...payload, version: entry.seq });
    else audit.push(payload);
  }
  return { rows: [...rows.values()], audit };
}

export function startReplicator(options: ReplicatorOptions) {
  const { outbox, pool, deskId } = options;
  const batchSize = options.batchSize ?? 500;
  const idleMs = options.idleMs ?? 500;
  const backoffMs = options.backoffMs ?? 250;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;

  let stopped = false;
  let registered = false;
  /** Whether the team database holds signatures (team migration 4 on): an older one gets the entries unsigned. */
  let signing = false;
  /** The row upsert for the team database's schema, as found when the desk registered. */
  let upsert = upsertRows(REPLICATION_SCHEMA_VERSION);
  const { sleep, wake } = wakeableSleep();
  let state: ReplicatorState = { kind: 'idle', pending: 0 };
  let sentBatches = 0;
  let lastSentAt: number | null = null;
  let lastError: TeamStatus['lastError'] = null;

  function setState(next: ReplicatorState): void {
    const changed = next.kind !== state.kind;
    state = next;
    if (changed) options.onState?.(next);
  }

  async function register(client: pg.PoolClient): Promise<void> {
    const version = await teamSchemaVersion(client);
    if (version < REPLICATION_SCHEMA_VERSION) {
      throw new TeamSchemaError('team.replication.reason.oldSchema', {
        version,
        needed: REPLICATION_SCHEMA_VERSION,
      });
    }
    await client.query(REGISTER_DESK, [deskId, options.deskName]);
    signing = version >= SIGNING_SCHEMA_VERSION;
    upsert = upsertRows(version);
    if (signing) {
      await client.query(REGISTER_KEY, [deskId, options.signer.keyId, options.signer.publicKey]);
    } else {
      options.log?.info(
        { version, needed: SIGNING_SCHEMA_VERSION },
        'the team database is too old to hold audit signatures: entries are replicated unsigned until npm run team:migrate',
      );
    }
    registered = true;
  }

  async function send(entries: readonly OutboxEntry[]): Promise<void> {
    const { rows, audit } = splitBatch(entries);
    const client = await pool.connect();
    let broken: Error | undefined;
    // A connection that breaks between two queries (the server killed, the network cut) reports it as an
    // 'error' event on the client; unheard, it would take the process down. The next query then fails.
    const onError = (error: Error) => {
      broken = error;
    };
    client.on('error', onError);
    try {
      if (!registered) await register(client);
      await client.query('BEGIN');
      if (rows.length > 0) await client.query(upsert, [deskId, JSON.stringify(rows)]);
      if (audit.length > 0) {
        const { signer } = options;
        const sent = signing
          ? audit.map((entry) => ({
              ...entry,
              key_id: signer.keyId,
              sig: signer.signEntry(deskId, toRawEntry(entry)),
            }))
          : audit;
        await client.query(insertAudit(signing), [deskId, JSON.stringify(sent)]);
        const newest = audit[audit.length - 1] as { seq: number; hash: string };
        if (signing) {
          const sig = signer.signAnchor(deskId, newest.seq, newest.hash);
          await client.query(MOVE_SIGNED_ANCHOR, [deskId, newest.seq, newest.hash, signer.keyId, sig]);
        } else {
          await client.query(MOVE_ANCHOR, [deskId, newest.seq, newest.hash]);
        }
      }
      await client.query('COMMIT');
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.off('error', onError);
      // A connection that failed mid-transaction is not given back to the pool for reuse. The server's
      // last words can still arrive on its socket as the pool ends it (a postmaster killed: 57P01 to
      // every backend); heard by no one, they would take the process down.
      if (broken) client.on('error', () => undefined);
      client.release(broken);
    }
    const last = entries[entries.length - 1];
    if (last) outbox.acknowledge(last.seq);
    sentBatches += 1;
    lastSentAt = Date.now();
    options.onSent?.();
  }

  async function loop(): Promise<void> {
    let failures = 0;
    while (!stopped) {
      let entries: OutboxEntry[];
      try {
        entries = outbox.peek(batchSize);
      } catch (error) {
        // The history file closed under us (the app is quitting), or cannot be read: look again later.
        if (stopped) return;
        options.log?.error({ err: errorText(error) }, 'team replication could not read the outbox');
        await sleep(idleMs);
        continue;
      }
      if (entries.length === 0) {
        setState({ kind: 'idle', pending: 0 });
        await sleep(idleMs);
        continue;
      }
      setState({ kind: 'sending', pending: outbox.pending() });
      try {
        await send(entries);
        if (failures > 0) options.log?.info({ after: failures }, 'team replication resumed');
        failures = 0;
      } catch (error) {
        if (stopped) return;
        failures += 1;
        lastError = { message: errorText(error), at: Date.now(), ...errorWords(error) };
        const base = Math.min(maxBackoffMs, backoffMs * 2 ** Math.min(failures - 1, 16));
        const wait = Math.round(base * (1 + Math.random() / 4));
        // One line per outage, and one per minute or so while it lasts, not one per retry.
        if (failures === 1 || wait >= maxBackoffMs) {
          options.log?.error(
            { err: errorText(error), failures, retryInMs: wait },
            'team replication failed; retrying',
          );
        }
        setState({ kind: 'retrying', pending: outbox.pending(), error: errorText(error), retryInMs: wait });
        await sleep(wait);
      }
    }
  }

  const running = loop();

  return {
    /** Something was written: look at the outbox now rather than at the next idle tick. */
    nudge(): void {
      if (state.kind === 'idle') wake();
    },
    state(): ReplicatorState {
      return state;
    },
    /** When a batch last reached the team store, and the latest failure (kept after a recovery). */
    progress(): { lastSentAt: number | null; lastError: TeamStatus['lastError'] } {
      return { lastSentAt, lastError };
    },
    /** Batches committed to the team store since start. */
    sentBatches(): number {
      return sentBatches;
    },
    /** Stops after the batch under way (if any); what is left stays in the outbox for next time. */
    async stop(): Promise<void> {
      stopped = true;
      wake();
      await running;
    },
  };
}
