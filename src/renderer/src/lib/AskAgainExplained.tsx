// What asking the gateway again does, in the words the result panel and History both use: the same order
// number, which the gateway keeps unique, so it cannot become a second charge (A9, A24).
import { Text } from '@mantine/core';

export function AskAgainExplained({ merchantTradeNo }: { merchantTradeNo: string }) {
  return (
    <Text size="sm">
      Never take the payment again with a new order number. <strong>Ask the gateway again</strong> sends the
      same one (
      <Text span ff="monospace">
        {merchantTradeNo}
      </Text>
      ), which the gateway keeps unique: it cannot charge twice for it. If its answer names the order's
      result, that settles this pay-in; if not, check the order with the gateway.
    </Text>
  );
}
