// What the audit trail's checks say, above the list: verified up to when and how many entries, or every
// problem found — each with the row it concerns, one click from its detail. Main checks at start, then
// every entry and row in the background; "Check every row now" runs that full check again.
import { Alert, Button, Group, List, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { type Translate, useLocale, useT } from '@renderer/i18n/use-t';
import { subscribe } from '@renderer/lib/paydesk';
import { useCan } from '@renderer/lib/session-store';
import { reasonTexts, wordsText } from '@renderer/lib/words-text';
import type { AuditStatus, HistoryVerification } from '@shared/history';
import { formatDateTime } from '@shared/i18n/format';
import { useEffect, useState } from 'react';
import { useHistoryStore } from './store';

function verifiedLine(
  t: Translate,
  locale: string,
  verification: HistoryVerification,
  checking: boolean,
): string {
  const { verifiedUpTo, entries } = verification;
  if (entries === 0) return t('history.audit.noEntries');
  if (!verifiedUpTo) {
    return checking ? t('history.audit.checking', { entries }) : t('history.audit.notVerified', { entries });
  }
  const values = { at: formatDateTime(verifiedUpTo.at, locale, { seconds: true }), seq: verifiedUpTo.seq };
  return verification.ok ? t('history.audit.verified', values) : t('history.audit.chainHolds', values);
}

function rowsLine(t: Translate, locale: string, status: AuditStatus): string {
  const { verification, checking } = status;
  if (checking) return t('history.audit.checkingRows');
  if (verification.scope === 'full') {
    // A full check covers the rows there were then, not rows written since: said so, not "every row".
    return t('history.audit.fullChecked', {
      rows: verification.rowsChecked,
      at: formatDateTime(verification.checkedAt, locale, { seconds: true }),
    });
  }
  return t('history.audit.eachRow');
}

/**
 * Problems shown at first, and added by each "Show more". Main lists up to 5,000: rendered at once they
 * were 30,000 elements in the page, and every frame of History's list paid for them in style and layout.
 */
const PROBLEMS_SHOWN = 100;

function Problems({ verification }: { verification: HistoryVerification }) {
  const t = useT();
  const open = useHistoryStore((state) => state.open);
  const [shown, setShown] = useState(PROBLEMS_SHOWN);
  const listed = verification.problems.length;
  const hidden = Math.max(0, listed - shown);
  const more = verification.problemCount - listed;
  return (
    <Alert
      color="red"
      role="alert"
      title={t('history.audit.fails', { count: verification.problemCount })}
      data-testid="audit-problems"
    >
      <Stack gap={6}>
        <Text size="sm">{t('history.audit.failsBody')}</Text>
        <ScrollArea.Autosize mah={220} type="auto">
          <List size="sm" spacing={4} type="ordered" data-testid="audit-problem-list">
            {verification.problems.slice(0, shown).map((problem) => (
              // The reason names its entry and row: no two problems share one.
              <List.Item key={`${problem.kind}:${problem.reason}`}>
                {wordsText(t, { message: problem.reason, words: problem.words ?? undefined })}{' '}
                {problem.rowId !== undefined && (
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    onClick={() => void open({ id: problem.rowId as number })}
                  >
                    {t('history.audit.openRow', { id: problem.rowId })}
                  </Button>
                )}
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
        {hidden > 0 && (
          <Group gap="xs">
            <Text size="sm">{t('history.audit.shownOf', { shown, count: listed })}</Text>
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => setShown((n) => n + PROBLEMS_SHOWN)}
              data-testid="audit-problems-more"
            >
              {t('history.audit.showMore', { count: Math.min(PROBLEMS_SHOWN, hidden) })}
            </Button>
          </Group>
        )}
        {more > 0 && <Text size="sm">{t('history.audit.notListed', { count: more })}</Text>}
      </Stack>
    </Alert>
  );
}

export function AuditPanel() {
  const t = useT();
  const locale = useLocale();
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
            {verifiedLine(t, locale, verification, busy)}{' '}
            {rowsLine(t, locale, { verification, checking: busy })}
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
            {t('history.audit.checkNow')}
          </Button>
        )}
      </Group>
      {verification.legacy && (
        <Text size="xs" c="gray.7">
          {t('history.audit.legacy', { to: verification.legacy.toSeq })}
        </Text>
      )}
      {verification.unproved && (
        <Alert color="yellow" p="xs" role="note" data-testid="audit-unproved">
          {t('history.audit.unproved', {
            from: verification.unproved.fromSeq,
            to: verification.unproved.toSeq,
          })}
        </Alert>
      )}
      {verification.keyStore === 'memory' && (
        <Text size="xs" c="gray.7">
          {t('history.audit.memory')}
        </Text>
      )}
      {reasonTexts(t, { reasons: verification.notices, words: verification.noticeWords }).map((notice) => (
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
