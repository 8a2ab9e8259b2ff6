// History → Team → Verify: a supervisor checks every desk from the team database alone (main's
// team/team-verify.ts — each desk's Ed25519 signatures, chain, anchor and every replicated row), and sees
// per desk that it verified, or each problem with the row and entry it concerns. Asked only on the button:
// at millions of rows the check takes a while.
import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { call, errorMessage } from '@renderer/lib/paydesk';
import type { DeskVerification } from '@shared/team-history';
import { useState } from 'react';

type Outcome = { results: DeskVerification[] } | { problem: string } | undefined;

function DeskResult({ result }: { result: DeskVerification }) {
  const facts = `${result.entries.toLocaleString()} audit entries, ${result.rows.toLocaleString()} rows`;
  const unproved =
    result.unproved > 0
      ? ` ${result.unproved.toLocaleString()} entries were replicated before the team database held signatures and cannot be proved from it.`
      : '';
  if (result.ok) {
    return (
      <Text size="sm" data-testid="team-verify-desk">
        <Text span fw={600} c="green.9">
          {result.deskName || 'A desk'}: verified
        </Text>{' '}
        — {facts}, every one signed by the desk and as it recorded.{unproved}
      </Text>
    );
  }
  return (
    <Stack gap={2} data-testid="team-verify-desk">
      <Text size="sm">
        <Text span fw={600} c="red.9">
          {result.deskName || 'A desk'}: {result.problemCount.toLocaleString()} problem
          {result.problemCount === 1 ? '' : 's'}
        </Text>{' '}
        — {facts}.{unproved}
      </Text>
      <List size="sm" spacing={2}>
        {result.problems.slice(0, 20).map((problem, index) => (
          // Problems have no id of their own; their order is the check's.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, shown once per check
          <List.Item key={index}>{problem.reason}</List.Item>
        ))}
      </List>
      {result.problemCount > 20 && (
        <Text size="xs" c="gray.7">
          … and {(result.problemCount - 20).toLocaleString()} more (npm run team:verify lists them all).
        </Text>
      )}
    </Stack>
  );
}

export function TeamVerifyPanel() {
  const [outcome, setOutcome] = useState<Outcome>();
  const [checking, setChecking] = useState(false);
  async function verify() {
    setChecking(true);
    try {
      const answer = await call('team.verify', {});
      setOutcome(answer.ok ? { results: answer.data } : { problem: answer.message });
    } catch (error) {
      setOutcome({ problem: errorMessage(error) });
    } finally {
      setChecking(false);
    }
  }
  return (
    <Paper withBorder p="xs" role="region" aria-label="Verify the team's records" data-testid="team-verify">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="gray.7">
            Checks every desk's records in the team database against its own signatures: nothing edited, added
            or removed since the desk wrote it.
          </Text>
          <Button variant="default" size="xs" onClick={() => void verify()} loading={checking}>
            Verify
          </Button>
        </Group>
        {outcome && 'problem' in outcome && (
          <Alert color="red" role="alert" p="xs">
            The check could not run: {outcome.problem}
          </Alert>
        )}
        {outcome && 'results' in outcome && outcome.results.length === 0 && (
          <Text size="sm">No desk has replicated anything yet.</Text>
        )}
        {outcome &&
          'results' in outcome &&
          outcome.results.map((result) => <DeskResult key={result.deskId} result={result} />)}
      </Stack>
    </Paper>
  );
}
