// The result panel's frame: the outcome's colour down its edge, its heading (which takes the focus, so that a
// screen reader says the outcome) and, first after it, "New payment" (Alt+N).
import { Button, Group, Kbd, Paper, Stack, Title } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { type ReactNode, useEffect, useRef } from 'react';
import { usePayInStore } from './store';
import { NEW_PAYMENT_KEY } from './use-payin-form-keys';

export function Frame({
  color,
  title,
  children,
  testStatus,
  previous = false,
  next = true,
}: {
  color: string;
  title: string;
  children: ReactNode;
  testStatus: string;
  /** The pay-in is not the one the form describes now. */
  previous?: boolean;
  /** "New payment" beside the heading: the first Tab from it (not while sending). */
  next?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      style={{ borderLeft: `6px solid var(--mantine-color-${color}-7)` }}
      bg={`var(--mantine-color-${color}-0)`}
      data-status={testStatus}
      data-previous={previous || undefined}
      data-testid="payin-result"
    >
      <Stack gap="sm">
        {/* yellow.9 on yellow.0 falls short of WCAG AA contrast even for a heading: orange.9 does not. */}
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} c={color === 'yellow' ? 'orange.9' : `${color}.9`} ref={heading} tabIndex={-1}>
            {title}
          </Title>
          {next && <NewPaymentButton />}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** The next payment, from the panel: as the form's New payment (Alt+N), the cursor in Customer id. */
function NewPaymentButton() {
  const t = useT();
  const newPayment = usePayInStore((state) => state.newPayment);
  return (
    <Button
      variant="default"
      size="xs"
      onClick={newPayment}
      aria-keyshortcuts={NEW_PAYMENT_KEY}
      rightSection={<Kbd size="xs">{NEW_PAYMENT_KEY}</Kbd>}
      data-testid="payin-result-new-payment"
    >
      {t('payin.newPayment')}
    </Button>
  );
}
