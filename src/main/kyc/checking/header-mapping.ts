// Which KYC field each column feeds, guessed from its header, in English, German, Spanish and Portuguese
// (a European compliance export: "Vorname", "Fecha de nacimiento", "Data de nascimento"). Case, accents,
// spaces, dashes, underscores, dots, slashes and a trailing "(…)" note (e.g. "Birthday (YYYY-MM-DD)") do not
// matter. A header that names no one field in some country ("Name", "Nome", "Código de país", "Apelido":
// a surname in Portugal, a nickname in Brazil) is left for the officer to map.
import { KYC_FIELDS, kycRecordSchema } from '@shared/gateway/kyc';
import type { KycColumnMapping, KycField } from '@shared/kyc-batch';

/** Header keys (headerKey's form) per field, English first, then German, Spanish, Portuguese. */
export const HEADER_SYNONYMS: Record<KycField, readonly string[]> = {
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
    // de
    'kundennummer',
    'kundenid',
    'kundennr',
    'kontonummer',
    // es
    'iddecliente',
    'idcliente',
    'numerodecliente',
    'codigodecliente',
    // pt
    'iddocliente',
    'numerodocliente',
    'codigodocliente',
  ],
  firstName: [
    'first',
    'givenname',
    'forename',
    'vorname',
    'rufname',
    'nombre',
    'nombrepila',
    'primeironome',
    'nomeproprio',
  ],
  lastName: [
    'last',
    'surname',
    'familyname',
    'nachname',
    'familienname',
    'apellido',
    'apellidos',
    'primerapellido',
    'sobrenome',
    'ultimonome',
  ],
  middleName: ['middle', 'zweitervorname', 'weiterevornamen', 'segundonombre', 'nomedomeio'],
  birthday: [
    'dob',
    'dateofbirth',
    'birthdate',
    'geburtsdatum',
    'geburtstag',
    'gebdatum',
    'fechadenacimiento',
    'fechanacimiento',
    'datadenascimento',
    'datanascimento',
  ],
  gender: ['sex', 'geschlecht', 'sexo', 'genero'],
  country: [
    'countrycode',
    'nationality',
    'land',
    'staatsangehorigkeit',
    'nationalitat',
    'pais',
    'nacionalidad',
    'nacionalidade',
  ],
  iddCode: [
    'callingcode',
    'dialcode',
    'idd',
    'countrycallingcode',
    'landervorwahl',
    'internationalevorwahl',
    'prefijotelefonico',
    'prefijointernacional',
    'ddi',
    'codigodediscagem',
    'indicativo',
  ],
  personalCode: [
    'personalnumber',
    'nationalid',
    'idnumber',
    'ausweisnummer',
    'personalausweisnummer',
    'identifikationsnummer',
    'numerodedocumento',
    'numerodocumento',
    'documentodeidentidad',
    'dni',
    'nie',
    'numerododocumento',
    'numerodeidentificacao',
    'cpf',
    'rg',
    'cartaodecidadao',
  ],
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
    'ausstellungsdatum',
    'ausgestelltam',
    'gultigab',
    'fechadeexpedicion',
    'fechadeemision',
    'validodesde',
    'datadeemissao',
    'datadeexpedicao',
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
    'ablaufdatum',
    'gultigbis',
    'fechadecaducidad',
    'fechadevencimiento',
    'validohasta',
    'datadevalidade',
    'datadeexpiracao',
    'validoate',
  ],
  email: [
    'mail',
    'emailaddress',
    'emailadresse',
    'correo',
    'correoelectronico',
    'enderecodeemail',
    'correioeletronico',
  ],
  mobile: [
    'phone',
    'phonenumber',
    'mobilenumber',
    'mobilephone',
    'tel',
    'telephone',
    'handy',
    'handynummer',
    'mobilnummer',
    'mobiltelefon',
    'telefon',
    'telefonnummer',
    'movil',
    'telefono',
    'telefonomovil',
    'celular',
    'telemovel',
    'telefone',
  ],
  idCardUrls: ['idcard', 'idcardurl', 'idimages', 'idcardimages', 'ausweisbilder', 'imagenesdeldni'],
  documentUrls: ['documents', 'documenturl', 'documentimages', 'dokumente', 'documentos'],
};

export function headerKey(header: string): string {
  return header
    .replace(/\([^)]*\)\s*$/, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s\-_./]+/g, '');
}

const FIELD_BY_KEY = new Map<string, KycField>();
for (const field of KYC_FIELDS) {
  FIELD_BY_KEY.set(headerKey(field), field);
  for (const synonym of HEADER_SYNONYMS[field]) FIELD_BY_KEY.set(synonym, field);
}

/** Fields the schema refuses to go without, read from the schema rather than listed twice. */
const REQUIRED_FIELDS: readonly KycField[] = KYC_FIELDS.filter(
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
