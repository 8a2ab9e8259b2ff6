// The desk's operators, for a supervisor (operators.manage): who they are, their role, whether they are
// enabled, enrolled or locked out; add one with a one-time passphrase, disable or enable, change the role,
// reset a forgotten passphrase or a lost phone. Main checks every change again (and refuses a supervisor's
// change of their own account); each is audited with both ids.
import '@mantine/core/styles/Table.css';
import {
  Button,
  Group,
  NativeSelect,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useLocale, useT } from '@renderer/i18n/use-t';
import { ColumnTable } from '@renderer/lib/ColumnTable';
import { ProblemAlert } from '@renderer/lib/ProblemAlert';
import { call, errorMessage } from '@renderer/lib/paydesk';
import { selectOperator, useSessionStore } from '@renderer/lib/session-store';
import { useAction } from '@renderer/lib/use-action';
import { formatTime } from '@shared/i18n/format';
import { OPERATOR_PASSPHRASE_MIN, type OperatorView, type RoleId } from '@shared/operators';
import { type FormEvent, useEffect, useState } from 'react';
import { roleOptions, useRoles } from './roles-store';
import { SettingsSection } from './SettingsSection';

function AddOperatorForm({ onAdded }: { onAdded: (operators: OperatorView[]) => void }) {
  const t = useT();
  const roles = useRoles((state) => state.roles);
  const [id, setId] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [role, setRole] = useState<RoleId>('agent');
  const [temporaryPassphrase, setTemporaryPassphrase] = useState('');
  const { busy, problem, setProblem, run } = useAction();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (temporaryPassphrase.length < OPERATOR_PASSPHRASE_MIN) {
      setProblem(t('settings.operators.add.passphraseShort', { min: OPERATOR_PASSPHRASE_MIN }));
      return;
    }
    const added = await run(async () =>
      onAdded(await call('operators.add', { id, displayName, role, temporaryPassphrase })),
    );
    if (!added) return;
    setId('');
    setDisplayName('');
    setTemporaryPassphrase('');
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('settings.operators.add.title')}>
      <Stack gap="xs">
        <Title order={4}>{t('settings.operators.add.title')}</Title>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('settings.operators.add.id')}
            placeholder={t('settings.operators.add.idExample')}
            required
            value={id}
            onChange={(event) => setId(event.currentTarget.value)}
            w="11rem"
          />
          <TextInput
            label={t('settings.operators.add.name')}
            required
            maxLength={60}
            value={displayName}
            onChange={(event) => setDisplayName(event.currentTarget.value)}
            w="12rem"
          />
          <NativeSelect
            label={t('settings.operators.add.role')}
            data={roleOptions(t, roles)}
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as RoleId)}
            w="9rem"
          />
          <PasswordInput
            label={t('settings.operators.add.passphrase')}
            description={t('settings.operators.add.passphraseDescription')}
            autoComplete="new-password"
            required
            value={temporaryPassphrase}
            onChange={(event) => setTemporaryPassphrase(event.currentTarget.value)}
            w="16rem"
          />
          <Button type="submit" loading={busy}>
            {t('settings.operators.add.submit')}
          </Button>
        </Group>
        <ProblemAlert problem={problem} />
      </Stack>
    </form>
  );
}

function OperatorRow({
  operator,
  isMe,
  onChanged,
  onProblem,
}: {
  operator: OperatorView;
  isMe: boolean;
  onChanged: (operators: OperatorView[]) => void;
  onProblem: (problem: string | undefined) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const roles = useRoles((state) => state.roles);
  const [resetting, setResetting] = useState(false);
  const [temporary, setTemporary] = useState('');

  async function change(run: () => Promise<OperatorView[]>) {
    try {
      onChanged(await run());
      onProblem(undefined);
    } catch (error) {
      onProblem(errorMessage(error));
    }
  }

  return (
    <Table.Tr data-testid={`operator-${operator.id}`}>
      <Table.Td>
        <Text fw={600}>{operator.displayName}</Text>
        <Text size="xs" c="dimmed">
          {isMe ? t('settings.operators.you', { id: operator.id }) : operator.id}
        </Text>
      </Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={t('settings.operators.roleOf', { id: operator.id })}
          data={roleOptions(t, roles)}
          value={operator.role}
          disabled={isMe}
          // A table cell shrinks a select below its value: a role's name stays whole (German, long names).
          miw="11rem"
          onChange={(event) => {
            const role = event.currentTarget.value as RoleId;
            void change(() => call('operators.setRole', { id: operator.id, role }));
          }}
        />
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" fw={600} c={operator.enabled ? 'teal.9' : 'gray.8'}>
            {operator.enabled ? t('settings.operators.enabled') : t('settings.operators.disabled')}
          </Text>
          {!operator.enrolled && (
            <Text size="sm" fw={600} c="gray.8">
              {t('settings.operators.enrolsNext')}
            </Text>
          )}
          {operator.lockedOutUntil && (
            <Text size="sm" fw={600} c="red.9">
              {t('settings.operators.lockedUntil', {
                time: formatTime(Date.parse(operator.lockedOutUntil), locale),
              })}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        {!isMe && (
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="default"
              onClick={() =>
                void change(() =>
                  call('operators.setEnabled', { id: operator.id, enabled: !operator.enabled }),
                )
              }
            >
              {operator.enabled ? t('settings.operators.disable') : t('settings.operators.enable')}
            </Button>
            {resetting ? (
              <form
                aria-label={t('settings.operators.resetForm', { id: operator.id })}
                onSubmit={(event) => {
                  event.preventDefault();
                  void change(() =>
                    call('operators.reset', { id: operator.id, temporaryPassphrase: temporary }),
                  ).then(() => {
                    setResetting(false);
                    setTemporary('');
                  });
                }}
              >
                <Group gap={4}>
                  <PasswordInput
                    aria-label={t('settings.operators.resetPassphrase', { id: operator.id })}
                    placeholder={t('settings.operators.resetPlaceholder', { min: OPERATOR_PASSPHRASE_MIN })}
                    autoComplete="new-password"
                    size="xs"
                    // Its cell would squeeze it to the eye alone: room for the placeholder and a passphrase.
                    w="12rem"
                    value={temporary}
                    onChange={(event) => setTemporary(event.currentTarget.value)}
                  />
                  <Button size="compact-sm" type="submit">
                    {t('settings.operators.reset')}
                  </Button>
                </Group>
              </form>
            ) : (
              <Button size="compact-sm" variant="default" onClick={() => setResetting(true)}>
                {t('settings.operators.resetOpen')}
              </Button>
            )}
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function OperatorsSection() {
  const t = useT();
  const me = useSessionStore(selectOperator);
  const [operators, setOperators] = useState<OperatorView[] | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  useEffect(() => {
    call('operators.list').then(setOperators, (error: unknown) => setProblem(errorMessage(error)));
    useRoles
      .getState()
      .load()
      .catch((error: unknown) => setProblem(errorMessage(error)));
  }, []);

  return (
    <SettingsSection
      id="operators"
      title={t('settings.operators.title')}
      intro={t('settings.operators.intro')}
    >
      {operators && (
        <ColumnTable
          label={t('settings.operators.table')}
          columns={[
            t('settings.operators.column.operator'),
            t('settings.operators.column.role'),
            t('settings.operators.column.state'),
            t('settings.operators.column.actions'),
          ]}
        >
          {operators.map((operator) => (
            <OperatorRow
              key={operator.id}
              operator={operator}
              isMe={operator.id === me?.id}
              onChanged={setOperators}
              onProblem={setProblem}
            />
          ))}
        </ColumnTable>
      )}
      <ProblemAlert problem={problem} />
      <AddOperatorForm onAdded={setOperators} />
    </SettingsSection>
  );
}
