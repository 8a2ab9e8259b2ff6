// Every problem the audit check reports carries its catalogue words (issue 33): a key the English catalogue
// has, whose English rendering is the problem's own reason, so that a reviewer reading German sees the same
// finding as the log. Each kind is produced the way history-audit.test.ts does: the file changed behind
// the store's back, then reopened with the same key and anchor.
import { DatabaseSync } from 'node:sqlite';
import type { AuditProblem, RowAudit } from '@shared/history';
import type { MessageKey } from '@shared/i18n/messages';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addIncidents, ProblemList, rowAuditOf } from '../../src/main/history/audit/audit-verify';
import { wordsIn } from '../../src/main/i18n/words';
import { payIn, type TempHistory, tempHistory } from '../support/history/history-fixtures';
import { expectWorded } from '../support/i18n/worded';

let h: TempHistory;
let ids: number[];

beforeEach(() => {
  h = tempHistory();
  ids = [];
  for (let i = 0; i < 3; i += 1) {
    h.clock.advance(1000);
    const id = h.store.insertPayIn(payIn({ request: { merchantTradeNo: `AUW-${i}` } }));
    h.store.updatePayIn(id, { status: 'approved', orderId: `O-${i}` });
    ids.push(id);
  }
  h.store.close();
});
afterEach(() => h.cleanup());

function tamper(sql: string, ...params: (string | number)[]): void {
  const db = new DatabaseSync(h.filePath);
  db.exec('DROP TRIGGER IF EXISTS audit_log_no_update; DROP TRIGGER IF EXISTS audit_log_no_delete;');
  db.prepare(sql).run(...params);
  db.close();
}

/** Each problem's words: a key the catalogue has, saying in English exactly the problem's reason. */
function expectProblemsWorded(problems: readonly Pick<AuditProblem, 'reason' | 'words'>[]): string[] {
  expect(problems.length).toBeGreaterThan(0);
  return expectWorded(problems.map(({ reason, words }) => ({ message: reason, words })));
}

/** The full check's problems, worded, and the keys they use. */
function checked(): string[] {
  const verification = h.reopen().verifyHistory();
  return expectProblemsWorded(verification.problems);
}

/** A row's audit: every reason has its words, in step. */
function expectRowWorded(audit: RowAudit | undefined): void {
  expect(audit?.words).toHaveLength(audit!.reasons.length);
  expectWorded(audit!.reasons.map((message, i) => ({ message, words: audit!.words![i] })));
}

describe('every audit problem is worded from the catalogue', () => {
  it('a row edited, deleted or added outside Paydesk', () => {
    tamper("UPDATE history_rows SET amount = '0.01', amount_minor = 1 WHERE id = ?", ids[1]!);
    tamper('DELETE FROM history_rows WHERE id = ?', ids[2]!);
    tamper(
      `INSERT INTO history_rows (kind, status, created_at, updated_at, profile, operator, merchant_trade_no,
         amount, amount_minor, currency, request_json)
       VALUES ('payin', 'approved', 1, 1, 'sandbox', 'mallory', 'FAKE', '1.00', 100, 'EUR', '{}')`,
    );
    expect(checked()).toEqual([
      'audit.problem.rowChanged',
      'audit.problem.rowAdded',
      'audit.problem.rowDeleted',
    ]);
    // The list's flags and the drawer carry the same words as the check.
    const page = h.store.query({ limit: 50 });
    expect(page.flagged.length).toBeGreaterThan(0);
    for (const flag of page.flagged)
      expectWorded(flag.reasons.map((message, i) => ({ message, words: flag.words?.[i] })));
    expectRowWorded(h.store.rowAudit(ids[1]!));
  });

  it('an entry changed, with its row and without one', () => {
    tamper("UPDATE audit_log SET operator = 'mallory' WHERE seq = 3");
    tamper('UPDATE audit_log SET row_id = NULL WHERE seq = 5');
    const keys = checked();
    expect(keys).toContain('audit.problem.rowEntryChanged');
    expect(keys).toContain('audit.problem.entryChanged');
    expectRowWorded(h.store.rowAudit(ids[1]!));
  });

  it('entries missing, one or several, and an entry that no longer links', () => {
    tamper('DELETE FROM audit_log WHERE seq = 2');
    tamper('DELETE FROM audit_log WHERE seq IN (4, 5)');
    const keys = checked();
    expect(keys).toContain('audit.problem.entryMissing');
    expect(keys).toContain('audit.problem.entriesMissing');
    h.store.close();
    tamper('UPDATE audit_log SET seq = 2 WHERE seq = 3');
    expect(checked()).toContain('audit.problem.entryUnlinked');
  });

  it('the record of the chain’s head deleted', () => {
    tamper('DELETE FROM audit_head');
    expect(checked()).toEqual(['audit.problem.headDeleted']);
  });

  it.each([
    ['UPDATE audit_head SET seq = 9', 'audit.problem.newestDeleted'],
    ['UPDATE audit_head SET seq = 4', 'audit.problem.entriesAdded'],
    [`UPDATE audit_head SET hash = '${'0'.repeat(64)}'`, 'audit.problem.headReplaced'],
  ])('%s', (sql, key) => {
    tamper(sql);
    expect(checked()).toContain(key);
  });

  it('incidents the anchor keeps: rolled back, replaced, the anchor missing, and older ones counted', () => {
    const problems = new ProblemList();
    const at = Date.UTC(2025, 0, 15, 12, 30);
    addIncidents(
      {
        ...anchorOf(at),
        incidents: [
          { kind: 'rolled_back', detectedAt: at, anchoredSeq: 9, foundSeq: 6 },
          { kind: 'rolled_back', detectedAt: at, anchoredSeq: 6, foundSeq: 6 },
          { kind: 'anchor_missing', detectedAt: at, anchoredSeq: 0, foundSeq: 6 },
        ],
        incidentCount: 4,
      },
      problems,
    );
    expect(expectProblemsWorded(problems.listed)).toEqual([
      'audit.problem.rolledBack',
      'audit.problem.replaced',
      'audit.problem.anchorMissing',
      'audit.problem.earlierIncidents',
    ]);
    // The plural is the catalogue's, not assembled: one earlier incident, then several.
    expect(problems.listed[3]?.reason).toMatch(/^1 earlier incident of/);
    const more = new ProblemList();
    addIncidents(anchorOf(at), more);
    expect(more.listed[0]?.reason).toMatch(/^5 earlier incidents of/);
  });

  it('a row that cannot be proved', () => {
    expectRowWorded(rowAuditOf({ state: 'unproved' }, undefined, 1));
  });

  it('German says the problem in German, from the same words', async () => {
    tamper("UPDATE history_rows SET amount = '0.01', amount_minor = 1 WHERE id = ?", ids[1]!);
    const [problem] = h.reopen().verifyHistory().problems;
    const german = (await wordsIn('de'))(problem!.words!.key as MessageKey, problem!.words!.values);
    expect(german).toMatch(new RegExp(`^Zeile ${ids[1]} weicht von dem ab, was Protokolleintrag \\d+`));
  });
});

function anchorOf(at: number) {
  return {
    v: 1 as const,
    seq: 9,
    hash: '0'.repeat(64),
    verifiedSeq: 9,
    verifiedHash: '0'.repeat(64),
    verifiedAt: at,
    incidents: [],
    incidentCount: 5,
  };
}
