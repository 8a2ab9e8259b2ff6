// The result panel's facts: amount, card, the order's numbers (each with a copy button) and the reference to
// read out on the phone. The amount and the time in the agent's language; the gateway's own names (orderId,
// traceid) as the gateway spells them.
import { Text } from '@mantine/core';
import { useLocale, useT } from '@renderer/i18n/use-t';
import { CopyValue } from '@renderer/lib/CopyValue';
import { formatAmount, formatDateTime } from '@shared/i18n/format';
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
  const t = useT();
  const locale = useLocale();
  return (
    <div className="payin-facts-frame">
      <table className="payin-facts">
        <tbody>
          <tr>
            <th scope="row">{t('payin.facts.amount')}</th>
            <td className="payin-facts-amount" data-amount={`${result.amount} ${result.currency}`}>
              {formatAmount(result.amount, result.currency, locale)}
            </td>
          </tr>
          {result.maskedPan && (
            <tr>
              <th scope="row">{t('payin.facts.card')}</th>
              <td className="payin-facts-code">{result.maskedPan}</td>
            </tr>
          )}
          <CopyRow label={t('payin.facts.orderNumber')} value={result.merchantTradeNo} />
          <tr>
            <th scope="row">{t('payin.facts.reference')}</th>
            <td className="payin-facts-code" data-testid="phone-reference">
              {phoneReference(result.merchantTradeNo)}
            </td>
          </tr>
          <CopyRow label="orderId" value={result.orderId} />
          <CopyRow label="traceid" value={result.traceid} />
          {result.storedCard && (
            <tr>
              <th scope="row">{t('payin.facts.cardStored')}</th>
              <td>
                {t('payin.facts.storedFor', {
                  when: formatDateTime(result.storedCard.storedAt ?? Date.now(), locale),
                })}{' '}
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
