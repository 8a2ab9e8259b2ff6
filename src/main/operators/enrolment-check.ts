// What an operator types to finish enrolling (a passphrase of their own when the account has a one-time
// one, and the first code of the new authenticator), checked before anything is written.
import { verifyPassphrase } from '../credentials/passphrase-hash';
import { refusal } from '../i18n/refuse';
import type { Account } from './account-store';
import { checkCode } from './totp';

/** An enrolment under way: the new authenticator's secret and whether a passphrase of their own is due. */
interface EnrolmentUnderWay {
  secret: string;
  needsPassphrase: boolean;
}

/** Refuses what cannot finish the enrolment; the authenticator step of the first code when it can. */
export async function checkEnrolmentInput(
  enrolment: EnrolmentUnderWay,
  account: Account,
  input: { passphrase?: string | undefined; code: string },
  wallMs: number,
): Promise<number> {
  if (enrolment.needsPassphrase) {
    if (input.passphrase === undefined) {
      throw refusal('invalid', 'refusal.enrol.passphraseMissing', undefined, 'passphrase');
    }
    if (await verifyPassphrase(input.passphrase, account.passphraseHash)) {
      throw refusal('invalid', 'refusal.enrol.passphraseGiven', undefined, 'passphrase');
    }
  }
  const check = checkCode(enrolment.secret, account.id, input.code, 0, wallMs);
  if (!check.ok) {
    throw refusal('invalid', 'refusal.enrol.codeWrong', undefined, 'code');
  }
  return check.step;
}
