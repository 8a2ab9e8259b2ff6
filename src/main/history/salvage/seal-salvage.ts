// The salvage's own entries, once the audit key is at hand (history-startup.ts calls it after the key's
// loading): the log's open pay-ins rebuilt as outcome_unknown rows, and one entry saying what the salvage did.
import { basename } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { appendAudit } from '../audit/audit-chain';
import type { AuditTrust } from '../audit/audit-trust';
import { digestInputSql, rowDigest } from '../audit/row-digest';
import { toMinorUnits } from '../store/amount-minor';
import type { SalvagePlan } from './history-salvage';

/**
 * Once the audit key is at hand: rebuilds the log's pay-ins as outcome_unknown rows under their own ids,
 * each with an entry saying where it came from, and seals one `history.salvaged` entry with the counts.
 * New entries only, each naming what it is: nothing salvaged is sealed again.
 */
export function sealSalvage(historyFile: string, trust: AuditTrust, plan: SalvagePlan, now: number): void {
  const db = new DatabaseSync(historyFile);
  let last: { seq: number; hash: string } | undefined;
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.exec('BEGIN IMMEDIATE');
    const insert = db.prepare(
      `INSERT INTO history_rows (id, kind, status, created_at, updated_at, profile, operator, api_version,
         merchant_trade_no, masked_pan, last4, amount, amount_minor, currency, order_id, traceid, note_json)
       VALUES (?, 'payin', 'outcome_unknown', ?, ?, ?, 'system', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const digest = db.prepare(`SELECT ${digestInputSql()} AS d FROM history_rows WHERE id = ?`);
    for (const payIn of plan.rebuild) {
      const note = {
        kind: 'outcome_unknown',
        message: `Rebuilt from Paydesk's log after the history file was damaged (the log's last word: ${payIn.status ?? 'sent, no answer'}). It may have reached the gateway: check before charging again.`,
      };
      const at = payIn.sentAt || now;
      insert.run(
        payIn.historyId,
        at,
        now,
        payIn.profile ?? '(unknown: rebuilt from the log)',
        payIn.apiVersion ?? null,
        payIn.merchantTradeNo,
        payIn.maskedPan ?? null,
        payIn.maskedPan ? payIn.maskedPan.slice(-4) : null,
        payIn.amount,
        toMinorUnits(payIn.amount),
        payIn.currency,
        payIn.orderId ?? null,
        payIn.traceid ?? null,
        JSON.stringify(note),
      );
      const rowHash = rowDigest(String(digest.get(payIn.historyId)?.d));
      last = appendAudit(
        db,
        trust,
        {
          operator: 'system',
          event: 'payin.rebuilt_from_log',
          outcome: 'failure',
          resource: payIn.merchantTradeNo,
          rowId: payIn.historyId,
          detail: {
            status: 'outcome_unknown',
            amount: payIn.amount,
            currency: payIn.currency,
            logStatus: payIn.status ?? null,
            rowHash,
          },
        },
        now,
      );
    }
    const { notice } = plan;
    last = appendAudit(
      db,
      trust,
      {
        operator: 'system',
        event: 'history.salvaged',
        outcome: 'failure',
        resource: 'history',
        detail: {
          report: notice.id,
          damagedFiles: notice.damagedFiles.map((file) => basename(file)),
          backupUsed: notice.backupUsed ? basename(notice.backupUsed.file) : null,
          rows: notice.rows,
          entries: notice.entries,
          missingRowCount: notice.missingRowCount,
          mismatchedRowCount: notice.mismatchedRowCount,
        },
      },
      now,
    );
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  } finally {
    db.close();
  }
  const anchor = trust.anchor;
  if (last && anchor) trust.setAnchor({ ...anchor, seq: last.seq, hash: last.hash });
}
