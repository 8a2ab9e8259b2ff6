// What the audit trail's checks say, above the list: verified up to when and how many entries, or every
// problem found — each with the row it concerns, one click from its detail. Main checks at start, then
// every entry and row in the background; "Check every row now" runs that full check again.
import { Alert, Button, Group, List, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { subscribe } from '@renderer/lib/paydesk';
import { useCan } from '@renderer/lib/session-store';
import type { AuditStatus, HistoryVerification } from '@shared/history';
import { useEffect, useState } from 'react';
import { localDateTime } from './format';
import { useHistoryStore } from './store';

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

function verifiedLine(verification: HistoryVerification, checking: boolean): string {
  const { verifiedUpTo, entries } = verification;
  if (entries === 0) return 'The audit trail has no entries yet.';
  if (!verifiedUpTo) {
    return checking
      ? `Checking the audit trail (${count(entries, 'entry', 'entries')})…`
      : `The audit trail (${count(entries, 'entry', 'entries')}) has not been verified yet.`;
  }
  const upTo = `${localDateTime(verifiedUpTo.at)} (${count(verifiedUpTo.seq, 'entry', 'entries')})`;
  return verification.ok
    ? `Audit trail verified up to ${upTo}.`
    : `The chain of audit entries holds up to ${upTo}.`;
}

function rowsLine(status: AuditStatus): string {
  const { verification, checking } = status;
  if (checking) return 'Checking every row against it…';
  if (verification.scope === 'full') {
    // A full check covers the rows there were then, not rows written since: said so, not "every row".
    const rows = verification.rowsChecked;
    const there = rows === 1 ? 'The 1 row there was' : `The ${count(rows, 'row')} there were`;
    return `${there} at ${localDateTime(verification.checkedAt)} checked against it; newer rows are checked as they are shown.`;
  }
  return 'Each row is checked against it as it is shown.';
}

/**
 * Problems shown at first, and added by each "Show more". Main lists up to 5,000: rendered at once they
 * were 30,000 elements in the page, and every frame of History's list paid for them in style and layout.
 */
const PROBLEMS_SHOWN = 100;

function Problems({ verification }: { verification: HistoryVerification }) {
  const open = useHistoryStore((state) => state.open);
  const [shown, setShown] = useState(PROBLEMS_SHOWN);
  const listed = verification.problems.length;
  const hidden = Math.max(0, listed - shown);
  const more = verification.problemCount - listed;
  return (
    <Alert
      color="red"
      role="alert"
      title={`The audit trail fails verification: ${count(verification.problemCount, 'problem')}`}
      data-testid="audit-problems"
    >
      <Stack gap={6}>
        <Text size="sm">
          What History shows may not be what Paydesk recorded. Paydesk does not ask the gateway again about a
          pay-in whose row fails, nor record anything on top of it: look such orders up at the gateway.
        </Text>
        <ScrollArea.Autosize mah={220} type="auto">
          <List size="sm" spacing={4} type="ordered" data-testid="audit-problem-list">
            {verification.problems.slice(0, shown).map((problem) => (
              // The reason names its entry and row: no two problems share one.
              <List.Item key={`${problem.kind}:${problem.reason}`}>
                {problem.reason}{' '}
                {problem.rowId !== undefined && (
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    onClick={() => void open({ id: problem.rowId as number })}
                    aria-label={`Open row ${problem.rowId}`}
                  >
                    Open row {problem.rowId}
                  </Button>
                )}
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
        {hidden > 0 && (
          <Group gap="xs">
            <Text size="sm">
              {shown.toLocaleString()} of {count(listed, 'problem')} shown.
            </Text>
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => setShown((n) => n + PROBLEMS_SHOWN)}
              data-testid="audit-problems-more"
            >
              Show {Math.min(PROBLEMS_SHOWN, hidden).toLocaleString()} more
            </Button>
          </Group>
        )}
        {more > 0 && <Text size="sm">…and {count(more, 'more problem')} not listed.</Text>}
      </Stack>
    </Alert>
  );
}

export function AuditPanel() {
  const audit = useHistoryStore((state) => state.audit);
  const auditError = useHistoryStore((state) => state.auditError);
  const verifying = useHistoryStore((state) => state.verifying);
  const loadAudit = useHistoryStore((state) => state.loadAudit);
  const auditChanged = useHistoryStore((state) => state.auditChanged);
  const verifyNow = useHistoryStore((state) => state.verifyNow);
  const canVerify = useCan('history.verify');

  useEffect(() => {
    void loadAudit();
    return subscribe('history.auditChanged', auditChanged);
  }, [loadAudit, auditChanged]);

  if (!audit) {
    return auditError ? (
      <Alert color="red" role="alert" p="xs">
        {auditError}
      </Alert>
    ) : null;
  }
  const { verification, checking } = audit;
  const busy = checking || verifying;
  return (
    <Stack gap={6} data-testid="audit-status">
      {!verification.ok && <Problems verification={verification} />}
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" role="status" aria-live="polite">
          {busy && <Loader size="xs" aria-hidden="true" />}
          <Text size="sm" c={verification.ok ? 'teal.9' : 'gray.8'} data-testid="audit-verified">
            {verification.ok && verification.verifiedUpTo ? '✓ ' : ''}
            {verifiedLine(verification, busy)} {rowsLine({ verification, checking: busy })}
          </Text>
        </Group>
        {canVerify && (
          <Button
            variant="default"
            size="xs"
            onClick={() => void verifyNow()}
            loading={busy}
            style={{ flexShrink: 0 }}
          >
            Check every row now
          </Button>
        )}
      </Group>
      {verification.legacy && (
        <Text size="xs" c="gray.7">
          Entries 1 to {verification.legacy.toSeq.toLocaleString()} were written by an earlier Paydesk (plain
          SHA-256) and were checked with its rule when adopted; the keyed entries after them pin them.
        </Text>
      )}
      {verification.unproved && (
        <Alert color="yellow" p="xs" role="note" data-testid="audit-unproved">
          Entries {verification.unproved.fromSeq.toLocaleString()} to{' '}
          {verification.unproved.toSeq.toLocaleString()} were sealed under an audit key this keychain does not
          hold (a keychain reset, another computer, or an earlier session without a keychain): they cannot be
          proved, and Paydesk does not ask the gateway again about the pay-ins they describe.
        </Alert>
      )}
      {verification.keyStore === 'memory' && (
        <Text size="xs" c="gray.7">
          No keychain: the audit key is kept in memory for this session only, so what is written now cannot be
          proved after a restart.
        </Text>
      )}
      {verification.notices.map((notice) => (
        <Alert key={notice} color="yellow" p="xs" role="note">
          {notice}
        </Alert>
      ))}
      {auditError && (
        <Alert color="red" role="alert" p="xs">
          {auditError}
        </Alert>
      )}
    </Stack>
  );
}
