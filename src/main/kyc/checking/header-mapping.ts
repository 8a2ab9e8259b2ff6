// Which KYC field each column feeds, guessed from its header. Case, spaces, dashes, underscores, dots
// and a trailing "(…)" note (e.g. "Birthday (YYYY-MM-DD)") do not matter.
import { KYC_FIELDS, kycRecordSchema } from '@shared/gateway/kyc';
import type { KycColumnMapping, KycField } from '@shared/kyc-batch';

const SYNONYMS: Record<KycField, readonly string[]> = {
  userId: [
    'user',
    'customerid',
    'clientid',
    'clientnumber',
    'clientno',
    'customernumber',
    'customerno',
    'accountid',
    'accountnumber',
  ],
  firstName: ['first', 'givenname', 'forename'],
  lastName: ['last', 'surname', 'familyname'],
  middleName: ['middle'],
  birthday: ['dob', 'dateofbirth', 'birthdate'],
  gender: ['sex'],
  country: ['countrycode', 'nationality'],
  iddCode: ['callingcode', 'dialcode', 'idd', 'countrycallingcode'],
  personalCode: ['personalnumber', 'nationalid', 'idnumber'],
  certificateDateStart: [
    'issue',
    'issuedate',
    'issued',
    'documentissued',
    'dateofissue',
    'validfrom',
    'idvalidfrom',
    'documentvalidfrom',
    'documentissuedate',
    'idissuedate',
  ],
  certificateDateEnd: [
    'expiry',
    'expirydate',
    'expires',
    'validuntil',
    'validto',
    'dateofexpiry',
    'idvaliduntil',
    'idvalidto',
    'documentexpiry',
    'documentexpirydate',
    'documentvaliduntil',
    'idexpiry',
  ],
  email: ['mail', 'emailaddress'],
  mobile: ['phone', 'phonenumber', 'mobilenumber', 'mobilephone', 'tel', 'telephone'],
  idCardUrls: ['idcard', 'idcardurl', 'idimages', 'idcardimages'],
  documentUrls: ['documents', 'documenturl', 'documentimages'],
};

export function headerKey(header: string): string {
  return header
    .replace(/\([^)]*\)\s*$/, '')
    .toLowerCase()
    .replace(/[\s\-_.]+/g, '');
}

const FIELD_BY_KEY = new Map<string, KycField>();
for (const field of KYC_FIELDS) {
  FIELD_BY_KEY.set(headerKey(field), field);
  for (const synonym of SYNONYMS[field]) FIELD_BY_KEY.set(synonym, field);
}

/** Fields the schema refuses to go without, read from the schema rather than listed twice. */
export const REQUIRED_FIELDS: readonly KycField[] = KYC_FIELDS.filter(
  (field) => !kycRecordSchema.shape[field].safeParse(undefined).success,
);

/** The automatic mapping; when two columns name the same field, the first one feeds it. */
export function guessMapping(headers: readonly string[]): KycColumnMapping[] {
  const taken = new Set<KycField>();
  return headers.map((header) => {
    const field = FIELD_BY_KEY.get(headerKey(header));
    if (field === undefined || taken.has(field)) return { header, field: null };
    taken.add(field);
    return { header, field };
  });
}

export function unmappedHeaders(mapping: readonly KycColumnMapping[]): string[] {
  return mapping.filter((column) => column.field === null).map((column) => column.header);
}

export function missingRequiredFields(mapping: readonly KycColumnMapping[]): KycField[] {
  const mapped = new Set(mapping.map((column) => column.field));
  return REQUIRED_FIELDS.filter((field) => !mapped.has(field));
}
