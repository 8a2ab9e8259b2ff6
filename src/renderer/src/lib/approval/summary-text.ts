// What a supervisor approves, in the reader's language: main sends the summary's catalogue words beside
// its English (operators/approval-rules.ts); the amounts in them are formatted here, in this language, and
// a built-in role or a permission is named by its name here. Main's English when it sent no words, or
// words this renderer's catalogue does not have.
import { i18n, translate } from '@renderer/i18n/i18n';
import { namedValues } from '@renderer/i18n/named-values';
import type { ApprovalRequest } from '@shared/approvals';
import { formatAmount } from '@shared/i18n/format';
import type { MessageKey, MessageValues } from '@shared/i18n/messages';

export function approvalSummary(request: Pick<ApprovalRequest, 'summary' | 'summaryWords'>): string {
  const words = request.summaryWords;
  if (!words) return request.summary;
  const values: MessageValues = namedValues(translate, words);
  for (const [name, money] of Object.entries(words.amounts ?? {})) {
    values[name] = formatAmount(money.amount, money.currency, i18n.locale);
  }
  const text = translate(words.key as MessageKey, values);
  return text === words.key ? request.summary : text;
}
