// The pay-in limits, for a supervisor (operators.manage): above a role's or an operator's limit in a
// currency, a pay-in waits for a supervisor's approval at the desk (an operator's own limit comes before
// their role's; a currency without one has none). Main keeps them sealed with the accounts, decides with
// them, and makes every change itself wait for a supervisor's approval.
import '@mantine/core/styles/Table.css';
import { Button, Group, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { ColumnTable } from '@renderer/lib/ColumnTable';
import { ProblemAlert } from '@renderer/lib/ProblemAlert';
import { call, errorMessage } from '@renderer/lib/paydesk';
import { useAction } from '@renderer/lib/use-action';
import type { LimitScope, PayInLimit } from '@shared/approvals';
import type { OperatorView, RoleView } from '@shared/operators';
import { type FormEvent, useEffect, useState } from 'react';
import { roleLabel, useRoles } from './roles-store';
import { SettingsSection } from './SettingsSection';

function scopeValue(scope: LimitScope): string {
  return scope.kind === 'role' ? `role:${scope.role}` : `operator:${scope.operatorId}`;
}

function scopeOf(value: string): LimitScope {
  const [kind, id = ''] = value.split(':');
  return kind === 'role' ? { kind: 'role', role: id } : { kind: 'operator', operatorId: id };
}

function scopeLabel(
  scope: LimitScope,
  operators: readonly OperatorView[],
  roles: readonly RoleView[] | undefined,
): string {
  if (scope.kind === 'role') return `Every ${roleLabel(roles, scope.role)}`;
  const operator = operators.find((one) => one.id === scope.operatorId);
  return operator ? `${operator.displayName} (${operator.id})` : scope.operatorId;
}

export function PayInLimitsSection() {
  const roles = useRoles((state) => state.roles);
  const [limits, setLimits] = useState<PayInLimit[] | undefined>();
  const [operators, setOperators] = useState<OperatorView[]>([]);
  const [scope, setScope] = useState('role:agent');
  const [currency, setCurrency] = useState('EUR');
  const [amount, setAmount] = useState('');
  const { busy, problem, setProblem, run } = useAction();

  useEffect(() => {
    call('operators.limits').then(setLimits, (error: unknown) => setProblem(errorMessage(error)));
    call('operators.list').then(setOperators, () => undefined);
  }, [setProblem]);

  async function change(input: { scope: LimitScope; currency: string; amount: string | null }) {
    const changed = await run(async () => setLimits(await call('operators.setLimit', input)));
    if (changed && input.amount !== null) setAmount('');
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void change({ scope: scopeOf(scope), currency: currency.trim().toUpperCase(), amount });
  }

  const scopeOptions = [
    ...(roles ?? []).map((role) => ({ value: `role:${role.id}`, label: `Every ${role.label}` })),
    ...operators.map((operator) => ({
      value: `operator:${operator.id}`,
      label: `${operator.displayName} (${operator.id})`,
    })),
  ];

  return (
    <SettingsSection
      id="limits"
      title="Pay-in limits"
      intro="A pay-in above the limit waits until a supervisor approves it at the desk with their own passphrase and code. An operator’s own limit comes before their role’s; a currency without a limit has none."
    >
      {limits && limits.length > 0 && (
        <ColumnTable label="Pay-in limits" columns={['Whose', 'Currency', 'Approval above', 'Actions']}>
          {limits.map((limit) => (
            <Table.Tr key={`${scopeValue(limit.scope)} ${limit.currency}`}>
              <Table.Td>{scopeLabel(limit.scope, operators, roles)}</Table.Td>
              <Table.Td>{limit.currency}</Table.Td>
              <Table.Td ff="monospace">{limit.amount}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={busy}
                  onClick={() => void change({ scope: limit.scope, currency: limit.currency, amount: null })}
                  aria-label={`Remove the ${limit.currency} limit of ${scopeLabel(limit.scope, operators, roles)}`}
                >
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ColumnTable>
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
    </SettingsSection>
  );
}
