// The sandbox's test cards and fault amounts, and a Use button per card that fills the pay-in form's card
// fields with it (number, a future expiry, a CVV of the right length).
import { Trans } from '@lingui/react';
import { Button, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { ColumnTable } from '@renderer/lib/ColumnTable';
import { useOpenedOnceMounted } from '@renderer/lib/use-opened-once-mounted';
import { usePayInStore } from '../features/payin/store';
import {
  FAULT_AMOUNT_ROWS,
  faultWords,
  TEST_CARD_ROWS,
  testCardOutcome,
  testExpiry,
} from '../lib/test-cards';

export function TestCardsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      opened={useOpenedOnceMounted(opened)}
      onClose={onClose}
      title={t('shell.testCards.title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">
          <Trans
            id="shell.testCards.intro"
            values={{ expiry: testExpiry() }}
            components={{ 0: <strong /> }}
          />
        </Text>
        <ColumnTable
          label={t('shell.testCards.label')}
          columns={[
            t('shell.testCards.column.number'),
            t('shell.testCards.column.brand'),
            t('shell.testCards.column.cvv'),
            t('shell.testCards.column.outcome'),
            <VisuallyHidden key="use">{t('shell.testCards.column.use')}</VisuallyHidden>,
          ]}
        >
          {TEST_CARD_ROWS.map((row) => (
            <Table.Tr key={row.number}>
              <Table.Td ff="monospace">{row.number}</Table.Td>
              <Table.Td>{row.brand}</Table.Td>
              <Table.Td ff="monospace">{row.cvv}</Table.Td>
              <Table.Td>{testCardOutcome(t, row)}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="default"
                  aria-label={t('shell.testCards.useCard', {
                    number: row.number,
                    outcome: testCardOutcome(t, row),
                  })}
                  onClick={() => {
                    usePayInStore
                      .getState()
                      .fillCard({ cardNumber: row.number, cvv: row.cvv, expDate: testExpiry() });
                    onClose();
                  }}
                >
                  {t('shell.testCards.use')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ColumnTable>
        <Title order={3} size="h5">
          {t('shell.testCards.faults')}
        </Title>
        <ColumnTable
          label={t('shell.testCards.faultsLabel')}
          columns={[t('shell.testCards.column.amount'), t('shell.testCards.column.effect')]}
        >
          {FAULT_AMOUNT_ROWS.map((row) => (
            <Table.Tr key={row.amount}>
              <Table.Td ff="monospace">{row.amount}</Table.Td>
              <Table.Td>{faultWords(t, row)}</Table.Td>
            </Table.Tr>
          ))}
        </ColumnTable>
      </Stack>
    </Modal>
  );
}
