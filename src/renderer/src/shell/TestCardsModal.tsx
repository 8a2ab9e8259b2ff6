// The sandbox's test cards and fault amounts, and a Use button per card that fills the pay-in form's card
// fields with it (number, a future expiry, a CVV of the right length).
import { Button, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { ColumnTable } from '@renderer/lib/ColumnTable';
import { useOpenedOnceMounted } from '@renderer/lib/use-opened-once-mounted';
import { usePayInStore } from '../features/payin/store';
import { FAULT_AMOUNT_ROWS, TEST_CARD_ROWS, testExpiry } from '../lib/test-cards';

export function TestCardsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={useOpenedOnceMounted(opened)}
      onClose={onClose}
      title="Sandbox test cards"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          The card number alone decides the outcome. Any future expiry works (e.g. {testExpiry()}); any CVV of
          the right length. <strong>Use</strong> puts a card into the pay-in form.
        </Text>
        <ColumnTable
          label="Test cards"
          columns={[
            'Card number',
            'Brand',
            'CVV',
            'Outcome',
            <VisuallyHidden key="use">Use in the pay-in form</VisuallyHidden>,
          ]}
        >
          {TEST_CARD_ROWS.map((row) => (
            <Table.Tr key={row.number}>
              <Table.Td ff="monospace">{row.number}</Table.Td>
              <Table.Td>{row.brand}</Table.Td>
              <Table.Td ff="monospace">{row.cvv}</Table.Td>
              <Table.Td>{row.outcome}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="default"
                  aria-label={`Use ${row.number} (${row.outcome})`}
                  onClick={() => {
                    usePayInStore
                      .getState()
                      .fillCard({ cardNumber: row.number, cvv: row.cvv, expDate: testExpiry() });
                    onClose();
                  }}
                >
                  Use
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ColumnTable>
        <Title order={3} size="h5">
          Fault amounts (any card)
        </Title>
        <ColumnTable label="Fault amounts" columns={['Amount', 'What the sandbox does']}>
          {FAULT_AMOUNT_ROWS.map((row) => (
            <Table.Tr key={row.amount}>
              <Table.Td ff="monospace">{row.amount}</Table.Td>
              <Table.Td>{row.outcome}</Table.Td>
            </Table.Tr>
          ))}
        </ColumnTable>
      </Stack>
    </Modal>
  );
}
