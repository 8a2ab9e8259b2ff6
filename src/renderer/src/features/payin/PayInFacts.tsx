// The result panel's facts: amount, card, the order's numbers (each with a copy button) and the reference to
// read out on the phone.
import { Text } from '@mantine/core';
import { CopyValue } from '@renderer/lib/CopyValue';
import { localDateTime } from '@renderer/lib/local-time';
import type { PayInResult as Result } from '@shared/ipc';
import { phoneReference } from '@shared/trade-no';

function CopyRow({ label, value }: { label: string; value: string | undefined }) {
  if (!value) return null;
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className="payin-facts-code">
        <CopyValue label={label} value={value} />
      </td>
    </tr>
  );
}

export function PayInFacts({ result }: { result: Result }) {
  return (
    <div className="payin-facts-frame">
      <table className="payin-facts">
        <tbody>
          <tr>
            <th scope="row">Amount</th>
            <td className="payin-facts-amount">
              {result.amount} {result.currency}
            </td>
          </tr>
          {result.maskedPan && (
            <tr>
              <th scope="row">Card</th>
              <td className="payin-facts-code">{result.maskedPan}</td>
            </tr>
          )}
          <CopyRow label="Order number" value={result.merchantTradeNo} />
          <tr>
            <th scope="row">Reference</th>
            <td className="payin-facts-code" data-testid="phone-reference">
              {phoneReference(result.merchantTradeNo)}
            </td>
          </tr>
          <CopyRow label="orderId" value={result.orderId} />
          <CopyRow label="traceid" value={result.traceid} />
          {result.storedCard && (
            <tr>
              <th scope="row">Card stored</th>
              <td>
                {localDateTime(result.storedCard.storedAt ?? Date.now())} for customer{' '}
                <Text span ff="monospace" fz="sm">
                  {result.storedCard.userId}
                </Text>
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
