// What asking the gateway again does, in the words the result panel and History both use: the same order
// number, which the gateway keeps unique, so it cannot become a second charge (A9, A24).
import { Trans } from '@lingui/react';
import { Text } from '@mantine/core';

export function AskAgainExplained({ merchantTradeNo }: { merchantTradeNo: string }) {
  return (
    <Text size="sm">
      <Trans
        id="askAgain.explained"
        values={{ orderNumber: merchantTradeNo }}
        components={{ 0: <strong />, 1: <Text span ff="monospace" /> }}
      />
    </Text>
  );
}
