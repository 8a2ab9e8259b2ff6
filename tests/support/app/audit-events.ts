// Every audit entry of a desk, oldest first, read from its history file itself (not through the app).
import { DatabaseSync } from 'node:sqlite';
import type { Fixture } from './paydesk-fixture';

interface AuditEventRead {
  event: string;
  operator: string;
  resource: string;
  detail: Record<string, unknown>;
}

export function auditEvents(fx: Fixture): AuditEventRead[] {
  const db = new DatabaseSync(fx.paydesk.history.filePath, { readOnly: true });
  try {
    return db
      .prepare('SELECT event, operator, resource, detail_json FROM audit_log ORDER BY seq')
      .all()
      .map((row) => ({
        event: String(row.event),
        operator: String(row.operator),
        resource: String(row.resource),
        detail: JSON.parse(String(row.detail_json ?? '{}')) as Record<string, unknown>,
      }));
  } finally {
    db.close();
  }
}
