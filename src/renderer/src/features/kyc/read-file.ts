// A file chosen or dropped, checked before it is sent: the kinds Paydesk opens and the words of each
// refusal come from src/shared (said here in the reader's language), the size limit from main (kyc.prepare), so the page refuses exactly what
// main would, only sooner and with nothing sent. The file itself goes by path (openKycFile), never as bytes.
import { translate } from '@renderer/i18n/i18n';
import type { MessageKey } from '@shared/i18n/messages';
import type { RefusalWords } from '@shared/ipc';
import { fileTooLargeWords, fileTypeWords, KYC_FILE_EXTENSIONS } from '@shared/kyc-batch';

const said = (words: RefusalWords) => translate(words.key as MessageKey, words.values);

/** The file picker's filter: the extensions main's reader takes. */
export const KYC_FILE_ACCEPT = KYC_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * Why a file cannot be opened, or undefined when it may be. `maxBytes`: the largest file main opens, once
 * the page knows it; main checks the size anyway.
 */
export function fileProblem(file: { name: string; size: number }, maxBytes?: number): string | undefined {
  const typeProblem = fileTypeWords(file.name);
  if (typeProblem) return said(typeProblem);
  if (maxBytes !== undefined && file.size > maxBytes)
    return said(fileTooLargeWords(file.name, file.size, maxBytes));
  if (file.size === 0) return translate('refusal.kyc.namedFileEmpty', { file: file.name });
  return undefined;
}
