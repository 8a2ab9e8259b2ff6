// What the audit trail trusts, kept OUTSIDE the history file, in the vault (the OS keychain), one pair of
// items per history file ("desk"):
// - the KEY RECORD: a random 256-bit HMAC key, made on first use and never written to the SQLite file or
//   the settings, with the seq range it seals (`sealedFrom`) and the range of entries adopted from the
//   unkeyed chain of earlier versions (`legacyUpTo`). The file cannot move these boundaries.
// - the ANCHOR: the newest entry's seq and hash, how far the chain was last verified (`verifiedSeq`,
//   `verifiedHash`, so that the check at start only walks what is new), and the incidents found so far
//   (a rolled-back file, a lost anchor), kept so that they cannot be un-found.
//
// Crash windows. The anchor is written AFTER each commit, asynchronously and coalesced (at most one write
// in flight, then the newest state): the anchor may lag the file, never lead it. A commit is durable when
// COMMIT returns (WAL, synchronous=FULL), so a lagging anchor after a crash is no alarm: entries past it
// must still link to it and carry the key's HMAC. An anchor AHEAD of the file, or an entry at the
// anchored seq with another hash, means committed entries are gone: an older copy restored, the WAL
// deleted, the newest rows truncated. What is not caught: entries committed in the few milliseconds
// before a crash whose anchor write had not finished, if someone then also removes exactly those.
//
// When the key is missing. With entries in the file and no key, Paydesk never re-keys silently over
// them: a new key seals from the next entry on, and the entries before it are reported as unproved, for
// good (the range is in the new record). Only a file last written by a version before keyed sealing
// (schema version < KEYED_AUDIT_SCHEMA_VERSION) is adopted instead: its entries are checked with the
// plain SHA-256 rule they were written under, at the first start (by the background full check when
// they are too many to walk at start), and pinned by the first keyed entry and the anchor. A key that
// cannot be read (a keychain that does not answer, a garbled item) is never overwritten: the session
// then seals under a key kept in memory and says so. An anchor missing or garbled while its key is
// there is an incident, kept in the anchor that replaces it.
//
// Without a keychain (the memory vault, which the app passes when the keychain probe fails at start: a
// key in a keychain that comes back later is not consulted) the key and anchor live for the session:
// within it, edits, deletions and a truncated tail are caught; across a restart nothing written earlier
// can be proved, and a restored older file cannot be told from the real one. The same holds against
// anyone who can read the keychain as this user: they hold the key. What the keychain buys is that the
// FILE alone — a copy, a backup, a database editor — cannot be changed without it showing.
import { createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { auditAccount, type CredentialVault } from '../../credentials/vault';
import { type Worded, worded } from '../../i18n/worded';
import { KEYED_AUDIT_SCHEMA_VERSION } from '../store/migrations';
import { type ChainSeal, type EntryRule, GENESIS_HASH, sha256Hex } from './audit-chain';

export type AuditTrustItem = 'key' | 'anchor';

/** Where the key record and anchor are kept: the vault of one history file, or memory. */
export interface AuditTrustStore {
  readonly kind: 'keychain' | 'memory';
  read(item: AuditTrustItem): Promise<string | undefined>;
  write(item: AuditTrustItem, value: string): Promise<void>;
}

/** One desk per history file: its absolute path, hashed (the keychain holds no path). */
export function deskIdOf(historyFile: string): string {
  return sha256Hex(`paydesk-desk:${resolve(historyFile)}`).slice(0, 32);
}

export function vaultTrustStore(vault: CredentialVault, historyFile: string): AuditTrustStore {
  const desk = deskIdOf(historyFile);
  return {
    kind: vault.kind,
    read: (item) => vault.getAuditItem(auditAccount(item, desk)),
    write: (item, value) => vault.setAuditItem(auditAccount(item, desk), value),
  };
}

export function memoryTrustStore(): AuditTrustStore & { items: Map<AuditTrustItem, string> } {
  const items = new Map<AuditTrustItem, string>();
  return {
    kind: 'memory',
    items,
    read: async (item) => items.get(item),
    write: async (item, value) => void items.set(item, value),
  };
}

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const KEY_BYTES = 32;

export const keyRecordSchema = z
  .strictObject({
    v: z.literal(1),
    key: z.base64().refine((text) => Buffer.from(text, 'base64').length === KEY_BYTES),
    createdAt: z.int().nonnegative(),
    /** The first entry this key seals; entries before it are legacy or unproved. */
    sealedFrom: z.int().positive(),
    /** Entries up to this one were adopted from the unkeyed chain of an earlier version (0: none). */
    legacyUpTo: z.int().nonnegative(),
  })
  .refine((record) => record.legacyUpTo < record.sealedFrom);
type AuditKeyRecord = z.infer<typeof keyRecordSchema>;

const INCIDENT_KINDS = ['rolled_back', 'anchor_missing'] as const;
export const incidentSchema = z.strictObject({
  kind: z.enum(INCIDENT_KINDS),
  detectedAt: z.int().nonnegative(),
  /** The newest entry the anchor knew of (0 when the anchor itself was missing). */
  anchoredSeq: z.int().nonnegative(),
  /** The newest entry in the file when it was found. */
  foundSeq: z.int().nonnegative(),
});
export type AuditIncident = z.infer<typeof incidentSchema>;
/** The newest few are kept in full (a keychain item stays small), all of them are counted. */
const MAX_KEPT_INCIDENTS = 5;

export const anchorSchema = z.strictObject({
  v: z.literal(1),
  seq: z.int().nonnegative(),
  hash: hex64,
  verifiedSeq: z.int().nonnegative(),
  verifiedHash: hex64,
  verifiedAt: z.int().nonnegative(),
  incidents: z.array(incidentSchema).max(MAX_KEPT_INCIDENTS),
  incidentCount: z.int().nonnegative(),
});
export type AuditAnchor = z.infer<typeof anchorSchema>;

function parseItem<T>(schema: z.ZodType<T>, text: string): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The file's schema version and newest audit entry, read before it is opened and migrated. */
type HistoryPeek = { userVersion: number; seq: number; hash: string };

export function peekHistory(filePath: string): HistoryPeek {
  // Anything but a file (nothing yet, a folder in its place): the open that follows says what is wrong.
  if (!existsSync(filePath) || !statSync(filePath).isFile())
    return { userVersion: 0, seq: 0, hash: GENESIS_HASH };
  const db = new DatabaseSync(filePath, { readOnly: true });
  try {
    const userVersion = Number(db.prepare('PRAGMA user_version').get()?.user_version ?? 0);
    const hasLog = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'audit_log'")
      .get();
    const newest = hasLog
      ? db.prepare('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1').get()
      : undefined;
    return newest
      ? { userVersion, seq: Number(newest.seq), hash: String(newest.hash) }
      : { userVersion, seq: 0, hash: GENESIS_HASH };
  } finally {
    db.close();
  }
}

export function newKeyRecord(sealedFrom: number, legacyUpTo: number, now: number): AuditKeyRecord {
  return { v: 1, key: randomBytes(KEY_BYTES).toString('base64'), createdAt: now, sealedFrom, legacyUpTo };
}

export function newAnchor(
  seq: number,
  hash: string,
  verified: { seq: number; hash: string },
  now: number,
): AuditAnchor {
  return {
    v: 1,
    seq,
    hash,
    verifiedSeq: verified.seq,
    verifiedHash: verified.hash,
    verifiedAt: now,
    incidents: [],
    incidentCount: 0,
  };
}

type AuditTrustOptions = {
  store: AuditTrustStore;
  record: AuditKeyRecord;
  /** undefined: the key was there but its anchor was not (or could not be read): an incident at open. */
  anchor: AuditAnchor | undefined;
  notices?: Worded[];
  /** Where a failed anchor write is reported (the app's log). */
  onWriteError?: (error: unknown) => void;
};

/** The key and anchor of one history file for this session; a ChainSeal for audit-chain.ts. */
export class AuditTrust implements ChainSeal {
  readonly kind: 'keychain' | 'memory';
  readonly record: AuditKeyRecord;
  /**
   * Things the reviewer should know about the key and anchor themselves (shown with the verification):
   * English for the log, and the catalogue's words (audit.trust.*) to say them in the reader's language.
   */
  readonly notices: Worded[];
  onWriteError: ((error: unknown) => void) | undefined;
  private readonly key: KeyObject;
  private readonly store: AuditTrustStore;
  private current: AuditAnchor | undefined;
  private dirty = false;
  private writing: Promise<void> | undefined;
  private writeFailed = false;

  constructor(options: AuditTrustOptions) {
    this.store = options.store;
    this.kind = options.store.kind;
    this.record = options.record;
    this.key = createSecretKey(Buffer.from(options.record.key, 'base64'));
    this.current = options.anchor;
    this.notices = [...(options.notices ?? [])];
    this.onWriteError = options.onWriteError;
  }

  get sealedFrom(): number {
    return this.record.sealedFrom;
  }

  ruleFor(seq: number): EntryRule {
    if (seq <= this.record.legacyUpTo) return 'legacy';
    return seq < this.record.sealedFrom ? 'unproved' : 'keyed';
  }

  mac(prevHash: string, content: string): string {
    return createHmac('sha256', this.key).update(prevHash, 'utf8').update(content, 'utf8').digest('hex');
  }

  get anchor(): AuditAnchor | undefined {
    return this.current;
  }

  /** Replaces the anchor and writes it out after whatever write is under way. */
  setAnchor(anchor: AuditAnchor): void {
    this.current = anchor;
    this.dirty = true;
    this.writing ??= this.writeLoop();
  }

  /** Resolves once the newest anchor is written (or its write has failed and been reported). */
  flush(): Promise<void> {
    return this.writing ?? Promise.resolve();
  }

  private async writeLoop(): Promise<void> {
    try {
      while (this.dirty && this.current) {
        this.dirty = false;
        try {
          await this.store.write('anchor', JSON.stringify(this.current));
        } catch (error) {
          this.onWriteError?.(error);
          if (!this.writeFailed) {
            this.writeFailed = true;
            this.notices.push(worded('audit.trust.anchorNotSavedSince', { error: errorText(error) }));
          }
        }
      }
    } finally {
      this.writing = undefined;
    }
  }
}

/**
 * A fresh key for a history file with no entries, kept in memory: for tests, and for benchmarks.
 * (The app loads its trust from the vault with loadAuditTrust.)
 */
export function sessionTrust(now = Date.now()): AuditTrust {
  return new AuditTrust({
    store: memoryTrustStore(),
    record: newKeyRecord(1, 0, now),
    anchor: newAnchor(0, GENESIS_HASH, { seq: 0, hash: GENESIS_HASH }, now),
  });
}

/**
 * Reads the key record and anchor of `filePath` from `store`, making and saving a key first when there is
 * none (before anything is sealed with it). Never throws for the keychain's sake: a store that cannot be
 * read or written leaves a session key in memory, with a notice that says so.
 */
export async function loadAuditTrust(
  store: AuditTrustStore,
  options: { filePath: string; now?: () => number; onWriteError?: (error: unknown) => void },
): Promise<AuditTrust> {
  const now = options.now ?? Date.now;
  const notices: Worded[] = [];
  let target: AuditTrustStore = store;
  let keyText: string | undefined;
  let anchorText: string | undefined;
  try {
    [keyText, anchorText] = await Promise.all([store.read('key'), store.read('anchor')]);
  } catch (error) {
    notices.push(worded('audit.trust.keychainUnreadable', { error: errorText(error) }));
    target = memoryTrustStore();
  }
  let record = keyText === undefined ? undefined : parseItem(keyRecordSchema, keyText);
  if (keyText !== undefined && record === undefined) {
    notices.push(worded('audit.trust.keyUnreadable'));
    target = memoryTrustStore();
  }
  let anchor = anchorText === undefined ? undefined : parseItem(anchorSchema, anchorText);

  if (record === undefined) {
    const peek = peekHistory(options.filePath);
    const legacy = peek.userVersion > 0 && peek.userVersion < KEYED_AUDIT_SCHEMA_VERSION && peek.seq > 0;
    record = newKeyRecord(peek.seq + 1, legacy ? peek.seq : 0, now());
    // The anchor before the key: a crash between the two then leaves an anchor without a key (a new key
    // is made next time, nothing lost), never a key without its anchor (which reads as an anchor removed).
    if (anchor === undefined && (anchorText === undefined || target !== store)) {
      // Legacy entries are verified from the first one (the one-off adoption check); entries under a lost
      // key cannot be: the walk starts after them.
      const verified = legacy ? { seq: 0, hash: GENESIS_HASH } : { seq: peek.seq, hash: peek.hash };
      anchor = newAnchor(peek.seq, peek.hash, verified, now());
      try {
        await target.write('anchor', JSON.stringify(anchor));
      } catch (error) {
        notices.push(worded('audit.trust.anchorNotSaved', { error: errorText(error) }));
      }
    }
    try {
      await target.write('key', JSON.stringify(record));
    } catch (error) {
      notices.push(worded('audit.trust.keyNotSaved', { error: errorText(error) }));
      target = memoryTrustStore();
    }
  }
  return new AuditTrust({
    store: target,
    record,
    anchor,
    notices,
    ...(options.onWriteError && { onWriteError: options.onWriteError }),
  });
}
