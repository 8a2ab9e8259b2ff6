// The pay-in limits, for a supervisor (operators.manage): above a role's or an operator's limit in a
// currency, a pay-in waits for a supervisor's approval at the desk (an operator's own limit comes before
// their role's; a currency without one has none). Main keeps them sealed with the accounts, decides with
// them, and makes every change itself wait for a supervisor's approval.
import '@mantine/core/styles/Table.css';
import { Button, Group, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { type Translate, useLocale, useT } from '@renderer/i18n/use-t';
import { amountRefusalText, figure } from '@renderer/lib/amount-words';
import { ColumnTable } from '@renderer/lib/ColumnTable';
import { ProblemAlert } from '@renderer/lib/ProblemAlert';
import { call, errorMessage } from '@renderer/lib/paydesk';
import { useAction } from '@renderer/lib/use-action';
import type { LimitScope, PayInLimit } from '@shared/approvals';
import { formatAmount } from '@shared/i18n/format';
import type { CanonicalAmount } from '@shared/money/amount';
import { readLocaleAmount } from '@shared/money/locale-amount';
import type { OperatorView, RoleView } from '@shared/operators';
import { type FormEvent, useEffect, useState } from 'react';
import { roleLabel, roleViewName, useRoles } from './roles-store';
import { SettingsSection } from './SettingsSection';

function scopeValue(scope: LimitScope): string {
  return scope.kind === 'role' ? `role:${scope.role}` : `operator:${scope.operatorId}`;
}

function scopeOf(value: string): LimitScope {
  const [kind, id = ''] = value.split(':');
  return kind === 'role' ? { kind: 'role', role: id } : { kind: 'operator', operatorId: id };
}

function scopeLabel(
  t: Translate,
  scope: LimitScope,
  operators: readonly OperatorView[],
  roles: readonly RoleView[] | undefined,
): string {
  if (scope.kind === 'role') return t('settings.limits.everyRole', { role: roleLabel(t, roles, scope.role) });
  const operator = operators.find((one) => one.id === scope.operatorId);
  return operator ? `${operator.displayName} (${operator.id})` : scope.operatorId;
}

/** A limit's example in the language's writing: "1.000,00" in de. */
const EXAMPLE = '1000.00' as CanonicalAmount;

export function PayInLimitsSection() {
  const t = useT();
  const locale = useLocale();
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
    const code = currency.trim().toUpperCase();
    // Typed as the agent writes amounts ("2,50" in de), sent as the decimal text main reads.
    const read = readLocaleAmount(amount, locale, code);
    if (!read.ok) {
      setProblem(amountRefusalText(read.refusal, t));
      return;
    }
    void change({ scope: scopeOf(scope), currency: code, amount: read.value });
  }

  const scopeOptions = [
    ...(roles ?? []).map((role) => ({
      value: `role:${role.id}`,
      label: t('settings.limits.everyRole', { role: roleViewName(t, role) }),
    })),
    ...operators.map((operator) => ({
      value: `operator:${operator.id}`,
      label: `${operator.displayName} (${operator.id})`,
    })),
  ];

  return (
    <SettingsSection id="limits" title={t('settings.limits.title')} intro={t('settings.limits.intro')}>
      {limits && limits.length > 0 && (
        <ColumnTable
          label={t('settings.limits.title')}
          columns={[
            t('settings.limits.whose'),
            t('settings.limits.currency'),
            t('settings.limits.above'),
            t('settings.limits.column.actions'),
          ]}
        >
          {limits.map((limit) => (
            <Table.Tr key={`${scopeValue(limit.scope)} ${limit.currency}`}>
              <Table.Td>{scopeLabel(t, limit.scope, operators, roles)}</Table.Td>
              <Table.Td>{limit.currency}</Table.Td>
              <Table.Td ff="monospace">{formatAmount(limit.amount, limit.currency, locale)}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={busy}
                  onClick={() => void change({ scope: limit.scope, currency: limit.currency, amount: null })}
                  aria-label={t('settings.limits.removeLabel', {
                    currency: limit.currency,
                    whose: scopeLabel(t, limit.scope, operators, roles),
                  })}
                >
                  {t('settings.limits.remove')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ColumnTable>
      )}
      {limits && limits.length === 0 && <Text size="sm">{t('settings.limits.none')}</Text>}
      <form onSubmit={onSubmit} aria-label={t('settings.limits.form')}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label={t('settings.limits.whose')}
            data={scopeOptions}
            value={scope}
            onChange={(event) => setScope(event.currentTarget.value)}
          />
          <TextInput
            label={t('settings.limits.currency')}
            w="6rem"
            maxLength={3}
            required
            value={currency}
            onChange={(event) => setCurrency(event.currentTarget.value)}
          />
          <TextInput
            label={t('settings.limits.above')}
            w="10rem"
            inputMode="decimal"
            required
            placeholder={figure(EXAMPLE, currency.trim().toUpperCase(), locale)}
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
          />
          <Button type="submit" loading={busy}>
            {t('settings.limits.submit')}
          </Button>
        </Group>
      </form>
      <ProblemAlert problem={problem} />
    </SettingsSection>
  );
}
