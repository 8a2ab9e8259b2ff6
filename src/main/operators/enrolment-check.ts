// An enrolment as the operator sees it (the QR code of the new authenticator), and what they type to finish
// it (a passphrase of their own when the account has a one-time one, and the first code), checked before
// anything is written.
import type { Enrolment } from '@shared/operators';
import { verifyPassphrase } from '../credentials/passphrase-hash';
import { refusal } from '../i18n/refuse';
import type { Account } from './account-store';
import { checkCode, otpauthUri, qrCodeSvg } from './totp';

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

/** What the enrolment screen shows: the new authenticator's secret, as text and as a QR code. */
export async function enrolmentView(
  account: Account,
  secret: string,
  needsPassphrase: boolean,
): Promise<Enrolment> {
  const uri = otpauthUri(secret, account.id);
  return {
    operatorId: account.id,
    displayName: account.displayName,
    otpauthUri: uri,
    secret,
    qrSvg: await qrCodeSvg(uri),
    needsPassphrase,
  };
}
