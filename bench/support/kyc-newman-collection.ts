// The KYC submit bench's peer, written the way an integrator pushes a spreadsheet through Postman: a
// collection v2.1 with one request, iterated by newman once per CSV row (`-d data.csv`). Its pre-request
// script, in Postman's sandbox JavaScript, builds a one-record submitKYC body from the row and signs it
// with CryptoJS (HMAC-SHA256 over the canonical string of assumption A4); its test checks `code` 0.
// The secret arrives as an environment variable (`--env-var secret=…`), never in the collection file.
import { KYC_FIELDS } from '../../src/shared/gateway/kyc';

const LIST_FIELDS = ['idCardUrls', 'documentUrls'];

const preRequest = [
  '// One CSV row -> one KYC record. newman casts unquoted digit cells to numbers; the API wants text.',
  'const row = pm.iterationData.toObject();',
  "const cell = (name) => (row[name] === undefined || row[name] === null ? '' : String(row[name]).trim());",
  "const list = (name) => cell(name).split(';').map((url) => url.trim()).filter((url) => url !== '');",
  `const fields = ${JSON.stringify(KYC_FIELDS)};`,
  `const listFields = ${JSON.stringify(LIST_FIELDS)};`,
  'const record = {};',
  'fields.forEach((name) => {',
  '  if (listFields.indexOf(name) >= 0) {',
  '    const urls = list(name);',
  '    if (urls.length > 0) record[name] = urls;',
  "  } else if (cell(name) !== '') {",
  '    record[name] = cell(name);',
  '  }',
  '});',
  "const merchantId = Number(pm.variables.get('merchantId'));",
  '// The signature covers every top-level field but sign, sorted by name, non-strings as JSON.',
  "const canonical = 'data=' + JSON.stringify([record]) + '&merchantId=' + merchantId;",
  "const sign = CryptoJS.HmacSHA256(canonical, pm.variables.get('secret')).toString(CryptoJS.enc.Hex);",
  "pm.variables.set('kycBody', JSON.stringify({ merchantId: merchantId, data: [record], sign: sign }));",
];

const test = [
  "pm.test('accepted', function () {",
  '  pm.response.to.have.status(200);',
  '  pm.expect(pm.response.json().code).to.eql(0);',
  '});',
];

export function kycNewmanCollection(baseUrl: string, merchantId: number) {
  return {
    info: {
      name: 'KYC: one record per spreadsheet row',
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    variable: [
      { key: 'baseUrl', value: baseUrl },
      { key: 'merchantId', value: String(merchantId) },
    ],
    item: [
      {
        name: 'submitKYC (one row)',
        event: [
          { listen: 'prerequest', script: { type: 'text/javascript', exec: preRequest } },
          { listen: 'test', script: { type: 'text/javascript', exec: test } },
        ],
        request: {
          method: 'POST',
          header: [{ key: 'Content-Type', value: 'application/json' }],
          url: '{{baseUrl}}/openapi/v1/submitKYC',
          body: { mode: 'raw', raw: '{{kycBody}}' },
        },
      },
    ],
  };
}
