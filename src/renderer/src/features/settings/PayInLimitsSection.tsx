// The pay-in limits, for a supervisor (operators.manage): above a role's or an operator's limit in a
// currency, a pay-in waits for a supervisor's approval at the desk (an operator's own limit comes before
// their role's; a currency without one has none). Main keeps them sealed with the accounts, decides with
// them, and makes every change itself wait for a supervisor's approval.
import '@mantine/core/styles/Table.css';
import { Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { ProblemAlert } from '@renderer/lib/ProblemAlert';
import { call, errorMessage } from '@renderer/lib/paydesk';
import type { LimitScope, PayInLimit } from '@shared/approvals';
import { type OperatorView, ROLE_IDS, ROLE_LABELS } from '@shared/operators';
import { type FormEvent, useEffect, useState } from 'react';

function scopeValue(scope: LimitScope): string {
  return scope.kind === 'role' ? `role:${scope.role}` : `operator:${scope.operatorId}`;
}

function scopeOf(value: string): LimitScope {
  const [kind, id = ''] = value.split(':');
  return kind === 'role'
    ? { kind: 'role', role: id as (typeof ROLE_IDS)[number] }
    : { kind: 'operator', operatorId: id };
}

function scopeLabel(scope: LimitScope, operators: readonly OperatorView[]): string {
  if (scope.kind === 'role') return `Every ${ROLE_LABELS[scope.role]}`;
  const operator = operators.find((one) => one.id === scope.operatorId);
  return operator ? `${operator.displayName} (${operator.id})` : scope.operatorId;
}

export function PayInLimitsSection() {
  const [limits, setLimits] = useState<PayInLimit[] | undefined>();
  const [operators, setOperators] = useState<OperatorView[]>([]);
  const [scope, setScope] = useState('role:agent');
  const [currency, setCurrency] = useState('EUR');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call('operators.limits').then(setLimits, (error: unknown) => setProblem(errorMessage(error)));
    call('operators.list').then(setOperators, () => undefined);
  }, []);

  async function change(input: { scope: LimitScope; currency: string; amount: string | null }) {
    setBusy(true);
    setProblem(undefined);
    try {
      setLimits(await call('operators.setLimit', input));
      if (input.amount !== null) setAmount('');
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void change({ scope: scopeOf(scope), currency: currency.trim().toUpperCase(), amount });
  }

  const scopeOptions = [
    ...ROLE_IDS.map((role) => ({ value: `role:${role}`, label: `Every ${ROLE_LABELS[role]}` })),
    ...operators.map((operator) => ({
      value: `operator:${operator.id}`,
      label: `${operator.displayName} (${operator.id})`,
    })),
  ];

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="limits-title">
      <Stack gap="sm">
        <Stack gap={0}>
          <Title order={3} id="limits-title">
            Pay-in limits
          </Title>
          <Text size="sm" c="dimmed">
            A pay-in above the limit waits until a supervisor approves it at the desk with their own
            passphrase and code. An operator’s own limit comes before their role’s; a currency without a limit
            has none.
          </Text>
        </Stack>
        {limits && limits.length > 0 && (
          <Table striped withTableBorder aria-label="Pay-in limits">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Whose</Table.Th>
                <Table.Th>Currency</Table.Th>
                <Table.Th>Approval above</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {limits.map((limit) => (
                <Table.Tr key={`${scopeValue(limit.scope)} ${limit.currency}`}>
                  <Table.Td>{scopeLabel(limit.scope, operators)}</Table.Td>
                  <Table.Td>{limit.currency}</Table.Td>
                  <Table.Td ff="monospace">{limit.amount}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="default"
                      disabled={busy}
                      onClick={() =>
                        void change({ scope: limit.scope, currency: limit.currency, amount: null })
                      }
                      aria-label={`Remove the ${limit.currency} limit of ${scopeLabel(limit.scope, operators)}`}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {limits && limits.length === 0 && <Text size="sm">No limits: no pay-in waits for a supervisor.</Text>}
        <form onSubmit={onSubmit} aria-label="Set a pay-in limit">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              label="Whose"
              data={scopeOptions}
              value={scope}
              onChange={(event) => setScope(event.currentTarget.value)}
            />
            <TextInput
              label="Currency"
              w="6rem"
              maxLength={3}
              required
              value={currency}
              onChange={(event) => setCurrency(event.currentTarget.value)}
            />
            <TextInput
              label="Approval above"
              w="10rem"
              inputMode="decimal"
              required
              placeholder="1000.00"
              value={amount}
              onChange={(event) => setAmount(event.currentTarget.value)}
            />
            <Button type="submit" loading={busy}>
              Set limit
            </Button>
          </Group>
        </form>
        <ProblemAlert problem={problem} />
      </Stack>
    </Paper>
  );
}
