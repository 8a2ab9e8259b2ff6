// A customer id Paydesk has sent a pay-in for before (with this profile): the agent is offered that
// pay-in's customer details, one click to use them. Nothing is filled by itself: the caller may be a
// different person with a mistyped id, so the name is shown first.
import { Trans } from '@lingui/react';
import { Button, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useLocale, useT } from '@renderer/i18n/use-t';
import { call } from '@renderer/lib/paydesk';
import { CUSTOMER_FIELDS, customerDetailsOf } from '@shared/customer-fields';
import { formatDateTime } from '@shared/i18n/format';
import type { ReturningCustomer as Found } from '@shared/ipc';
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PayInFormValues } from './form';
import { usePayInStore } from './store';

type LastPayIn = NonNullable<Found['lastPayIn']>;

export function ReturningCustomer({ profileId }: { profileId: string | undefined }) {
  const t = useT();
  const locale = useLocale();
  const { control } = useFormContext<PayInFormValues>();
  const userId = useWatch({ control, name: 'userId' });
  const current = useWatch({ control, name: [...CUSTOMER_FIELDS] });
  const [debounced] = useDebouncedValue(userId.trim(), 400);
  const [found, setFound] = useState<LastPayIn & { userId: string }>();
  // Once used, the offer is gone even if a field then moves on by itself (v1's calling code follows the
  // country when its data arrives, which may be after the click).
  const [used, setUsed] = useState<LastPayIn>();

  useEffect(() => {
    let live = true;
    setFound(undefined);
    if (!debounced || !profileId) return;
    // A failed lookup only means nothing is offered: the agent types the details as for a new customer.
    call('payin.customer', { userId: debounced }).then(
      ({ lastPayIn }) => live && lastPayIn && setFound({ ...lastPayIn, userId: debounced }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [debounced, profileId]);

  if (!found || found.userId !== userId.trim() || used === found) return null;
  const alreadyFilled = CUSTOMER_FIELDS.every(
    (field, index) => (found.details[field] ?? '') === (current[index] ?? ''),
  );
  if (alreadyFilled) return null;
  const name =
    [found.details.firstName, found.details.lastName].filter(Boolean).join(' ') ||
    t('payin.returning.noName');
  const use = () => {
    setUsed(found);
    usePayInStore
      .getState()
      .fillCustomer(
        customerDetailsOf((field) => (field === 'userId' ? found.userId : (found.details[field] ?? ''))),
      );
  };
  return (
    <Group gap="xs" role="note" aria-label={t('payin.returning.label')} data-testid="returning-customer">
      <Text size="sm">
        <Trans
          id={found.details.email ? 'payin.returning.foundWithEmail' : 'payin.returning.found'}
          values={{ name, email: found.details.email ?? '', at: formatDateTime(found.createdAt, locale) }}
          components={{ 0: <strong /> }}
        />
      </Text>
      <Button size="xs" variant="light" onClick={use}>
        {t('payin.returning.use')}
      </Button>
    </Group>
  );
}
