// An operator's day, for a supervisor (operators.activity): pick an operator and a day of this desk's local
// calendar and read what they did (OperatorDayView). Main reads it from the history file and checks the
// permission again; the day's UTC offset is the one at that day's local midnight (summer or winter time).
import '@mantine/core/styles/Table.css';
import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { DateField } from '@renderer/lib/date-field/DateField';
import { ProblemAlert } from '@renderer/lib/ProblemAlert';
import { call, errorMessage } from '@renderer/lib/paydesk';
import { useCan } from '@renderer/lib/session-store';
import type { OperatorDay } from '@shared/operator-day';
import type { OperatorView } from '@shared/operators';
import { type FormEvent, useEffect, useState } from 'react';
import { OperatorDayView } from './OperatorDayView';

/** Today on the desk's calendar, "YYYY-MM-DD" (as a date input holds it). */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Minutes east of UTC at the local midnight starting "YYYY-MM-DD". */
function offsetAtStartOf(day: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return -new Date(year, month - 1, date).getTimezoneOffset();
}

export function OperatorDaySection() {
  const t = useT();
  const canSee = useCan('operators.activity');
  const canList = useCan('operators.manage');
  const [operators, setOperators] = useState<OperatorView[]>([]);
  const [operatorId, setOperatorId] = useState('');
  const [day, setDay] = useState(today);
  const [shown, setShown] = useState<OperatorDay | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!canList) return;
    call('operators.list').then(
      (list) => {
        setOperators(list);
        setOperatorId((current) => current || (list[0]?.id ?? ''));
      },
      () => undefined,
    );
  }, [canList]);

  if (!canSee) return null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      setShown(
        await call('history.operatorDay', { operatorId, day, utcOffsetMinutes: offsetAtStartOf(day) }),
      );
    } catch (error) {
      setShown(undefined);
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const nameOf = (id: string) => {
    const operator = operators.find((one) => one.id === id);
    return operator ? `${operator.displayName} (${operator.id})` : id;
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="operator-day-title">
      <Stack gap="sm">
        <Stack gap={0}>
          <Title order={3} id="operator-day-title">
            {t('settings.operatorDay.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.operatorDay.intro')}
          </Text>
        </Stack>
        <form onSubmit={(event) => void onSubmit(event)} aria-label={t('settings.operatorDay.form')}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            {canList ? (
              <NativeSelect
                label={t('settings.operatorDay.operator')}
                data={operators.map((one) => ({ value: one.id, label: nameOf(one.id) }))}
                value={operatorId}
                onChange={(event) => setOperatorId(event.currentTarget.value)}
              />
            ) : (
              <TextInput
                label={t('settings.operatorDay.operatorId')}
                required
                value={operatorId}
                onChange={(event) => setOperatorId(event.currentTarget.value)}
              />
            )}
            <DateField
              label={t('settings.operatorDay.day')}
              required
              value={day}
              max={today()}
              onChange={setDay}
            />
            <Button type="submit" loading={busy} disabled={operatorId === '' || day === ''}>
              {t('settings.operatorDay.submit')}
            </Button>
          </Group>
        </form>
        <ProblemAlert problem={problem} />
        {shown && <OperatorDayView day={shown} name={nameOf(shown.operatorId)} />}
      </Stack>
    </Paper>
  );
}
