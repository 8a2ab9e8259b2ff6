// History → Team → Verify: a supervisor checks every desk from the team database alone (main's
// team/team-verify.ts — each desk's Ed25519 signatures, chain, anchor and every replicated row), and sees
// per desk that it verified, or each problem with the row and entry it concerns. Asked only on the button:
// at millions of rows the check takes a while.
import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useLocale, useT } from '@renderer/i18n/use-t';
import { call, errorMessage } from '@renderer/lib/paydesk';
import { wordsText } from '@renderer/lib/words-text';
import type { RefusalWords } from '@shared/ipc-error';
import type { DeskVerification } from '@shared/team-history';
import { useState } from 'react';

type Outcome = { results: DeskVerification[] } | { problem: string; words?: RefusalWords } | undefined;

function DeskResult({ result }: { result: DeskVerification }) {
  const t = useT();
  const locale = useLocale();
  const facts = t('team.verify.facts', { entries: result.entries, rows: result.rows });
  const unproved = result.unproved > 0 ? ` ${t('team.verify.unproved', { count: result.unproved })}` : '';
  const desk = result.deskName || t('team.verify.aDesk');
  if (result.ok) {
    return (
      <Text size="sm" data-testid="team-verify-desk">
        <Text span fw={600} c="green.9">
          {t('team.verify.verified', { desk })}
        </Text>{' '}
        {t('team.verify.verifiedFacts', { facts })}
        {unproved}
      </Text>
    );
  }
  return (
    <Stack gap={2} data-testid="team-verify-desk">
      <Text size="sm">
        <Text span fw={600} c="red.9">
          {t('team.verify.problems', { desk, count: result.problemCount })}
        </Text>{' '}
        {t('team.verify.problemFacts', { facts })}
        {unproved}
      </Text>
      <List size="sm" spacing={2}>
        {result.problems.slice(0, 20).map((problem, index) => (
          // Problems have no id of their own; their order is the check's.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, shown once per check
          <List.Item key={index}>
            {wordsText(t, { message: problem.reason, words: problem.words ?? undefined })}
          </List.Item>
        ))}
      </List>
      {result.problemCount > 20 && (
        <Text size="xs" c="gray.7">
          {t('team.verify.more', { count: (result.problemCount - 20).toLocaleString(locale) })}
        </Text>
      )}
    </Stack>
  );
}

export function TeamVerifyPanel() {
  const t = useT();
  const [outcome, setOutcome] = useState<Outcome>();
  const [checking, setChecking] = useState(false);
  async function verify() {
    setChecking(true);
    try {
      const answer = await call('team.verify', {});
      setOutcome(answer.ok ? { results: answer.data } : { problem: answer.message, words: answer.words });
    } catch (error) {
      setOutcome({ problem: errorMessage(error) });
    } finally {
      setChecking(false);
    }
  }
  return (
    <Paper withBorder p="xs" role="region" aria-label={t('team.verify.label')} data-testid="team-verify">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="gray.7">
            {t('team.verify.intro')}
          </Text>
          <Button variant="default" size="xs" onClick={() => void verify()} loading={checking}>
            {t('team.verify.button')}
          </Button>
        </Group>
        {outcome && 'problem' in outcome && (
          <Alert color="red" role="alert" p="xs">
            {t('team.verify.couldNotRun', {
              problem: wordsText(t, { message: outcome.problem, words: outcome.words ?? undefined }),
            })}
          </Alert>
        )}
        {outcome && 'results' in outcome && outcome.results.length === 0 && (
          <Text size="sm">{t('team.verify.none')}</Text>
        )}
        {outcome &&
          'results' in outcome &&
          outcome.results.map((result) => <DeskResult key={result.deskId} result={result} />)}
      </Stack>
    </Paper>
  );
}
