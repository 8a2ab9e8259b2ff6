// Indexes that read the audit trail by who and by what, over a time range: an operator's day for a
// supervisor (search/operator-day.ts). Never edit a shipped migration: append a new one.
import type { Migration } from '../apply-migrations';

/** Migration 12: audit_log by operator and time, and by event and time. */
export const auditByOperatorAndEvent: Migration = {
  version: 12,
  description: "audit_log indexed by operator and time, and by event and time (an operator's day)",
  up: `
      -- An operator's own entries of a day (sessions, approvals asked for, refused calls).
      CREATE INDEX IF NOT EXISTS idx_audit_operator_at ON audit_log (operator, at, seq);
      -- One event's entries of a day: the approvals granted, whose approver is in the entry's detail.
      CREATE INDEX IF NOT EXISTS idx_audit_event_at ON audit_log (event, at, seq);
    `,
};
