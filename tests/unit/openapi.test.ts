// docs/openapi.json is generated from the wire schemas; this fails when it no longer matches them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COUNTRY_CODES } from '@shared/countries';
import { buildOpenApiDocument, type JsonObject, serializeOpenApiDocument } from '@shared/gateway/openapi';
import { RESULT_CODE } from '@shared/gateway/result-codes';
import { AMOUNT_PATTERN } from '@shared/money/amount';
import { describe, expect, it } from 'vitest';

const committedPath = path.resolve(import.meta.dirname, '../../docs/openapi.json');
const document = buildOpenApiDocument();

/** Follows a local JSON pointer such as '#/components/schemas/PayInV2Request'. */
function resolve(ref: string): JsonObject {
  let node: unknown = document;
  for (const part of ref.replace(/^#\//, '').split('/')) node = (node as Record<string, unknown>)[part];
  return node as JsonObject;
}

function at(node: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], node);
}

function requestSchema(pathName: string, contentType: string): JsonObject {
  const ref = at(
    document,
    'paths',
    pathName,
    'post',
    'requestBody',
    'content',
    contentType,
    'schema',
    '$ref',
  );
  expect(ref, `${pathName} has a ${contentType} request body`).toEqual(expect.any(String));
  return resolve(ref as string);
}

describe('docs/openapi.json', () => {
  it('is up to date with the wire schemas', () => {
    const committed = readFileSync(committedPath, 'utf8');
    expect(committed, 'docs/openapi.json is stale: run `npm run openapi` and commit the result').toBe(
      serializeOpenApiDocument(document),
    );
  });
});

describe('buildOpenApiDocument', () => {
  it('is an OpenAPI 3.1.0 document of the three operations', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths as JsonObject).sort()).toEqual([
      '/openapi/v1/pwpp',
      '/openapi/v1/submitKYC',
      '/openapi/v2/pwpp',
    ]);
  });

  it('gives each operation its content type and a described JSON response', () => {
    const operations = [
      ['/openapi/v2/pwpp', 'application/json'],
      ['/openapi/v1/pwpp', 'application/x-www-form-urlencoded'],
      ['/openapi/v1/submitKYC', 'application/json'],
    ] as const;
    for (const [pathName, contentType] of operations) {
      const post = at(document, 'paths', pathName, 'post') as JsonObject;
      expect(Object.keys(at(post, 'requestBody', 'content') as JsonObject)).toEqual([contentType]);
      expect(at(post, 'requestBody', 'required')).toBe(true);
      expect(at(post, 'description')).toEqual(expect.stringContaining(contentType));
      expect(at(post, 'responses', '200', 'description')).toEqual(expect.any(String));
      expect(at(post, 'responses', '200', 'content', 'application/json', 'schema', '$ref')).toEqual(
        expect.any(String),
      );
    }
  });

  it('lists the required fields of each request', () => {
    const v2 = requestSchema('/openapi/v2/pwpp', 'application/json');
    const v1 = requestSchema('/openapi/v1/pwpp', 'application/x-www-form-urlencoded');
    const kyc = requestSchema('/openapi/v1/submitKYC', 'application/json');
    const shared = ['merchantId', 'merchantTradeNo', 'userId', 'firstName', 'amount', 'ip', 'country'];
    expect(v2.required).toEqual(expect.arrayContaining(shared));
    expect(v1.required).toEqual(expect.arrayContaining([...shared, 'email', 'iddCode', 'currency', 'sign']));
    expect(v2.required).not.toContain('sign');
    expect(Object.keys(v2.properties as JsonObject)).toEqual(
      expect.arrayContaining(['eci', 'cavv', 'dsTranId']),
    );
    expect(Object.keys(v1.properties as JsonObject)).not.toContain('eci');
    expect(kyc.required).toEqual(['merchantId', 'data', 'sign']);
    expect(resolve('#/components/schemas/KycRecord').required).toEqual(
      expect.arrayContaining(['userId', 'birthday', 'idCardUrls']),
    );
    expect(resolve('#/components/schemas/KycRecord').required).not.toContain('middleName');
  });

  it('carries the lengths and formats of the schemas', () => {
    const v2 = requestSchema('/openapi/v2/pwpp', 'application/json');
    expect(at(v2, 'properties', 'merchantTradeNo', 'maxLength')).toBe(64);
    expect(at(v2, 'properties', 'amount', 'maxLength')).toBe(32);
    expect(at(v2, 'properties', 'callBackURL', 'maxLength')).toBe(256);
    expect(at(v2, 'properties', 'ip', 'format')).toBe('ipv4');
    expect(at(v2, 'properties', 'merchantId', 'type')).toBe('integer');
    expect(at(v2, 'properties', 'txMode', 'enum')).toEqual(['h2h', 'redirection']);
    expect(v2.additionalProperties).toBe(false);
    expect(at(v2, 'properties', 'amount', 'description')).toEqual(expect.stringContaining('rounded'));
    expect(
      at(
        requestSchema('/openapi/v1/pwpp', 'application/x-www-form-urlencoded'),
        'properties',
        'merchantId',
        'type',
      ),
    ).toBe('string');
  });

  it('states every rule a pattern or an enum can: amount, URL schemes, the country list, JSON in text', () => {
    const v2 = requestSchema('/openapi/v2/pwpp', 'application/json');
    expect(at(v2, 'properties', 'amount', 'pattern')).toBe(AMOUNT_PATTERN.source);
    for (const field of ['callBackURL', 'successURL', 'failURL', 'retURL']) {
      expect(at(v2, 'properties', field, 'format')).toBe('uri');
      const pattern = new RegExp(at(v2, 'properties', field, 'pattern') as string);
      expect(pattern.test('https://shop.example/return')).toBe(true);
      expect(pattern.test('ftp://shop.example/return')).toBe(false);
      expect(pattern.test('javascript:alert(1)')).toBe(false);
    }
    expect(at(v2, 'properties', 'country', '$ref')).toBe('#/components/schemas/CountryCode');
    expect(at(resolve('#/components/schemas/KycRecord'), 'properties', 'country', '$ref')).toBe(
      '#/components/schemas/CountryCode',
    );
    const countries = resolve('#/components/schemas/CountryCode').enum as string[];
    expect(countries).toEqual([...COUNTRY_CODES]);
    expect(countries).toContain('DE');
    expect(countries).not.toContain('XX');
    expect(at(v2, 'properties', 'products', 'contentMediaType')).toBe('application/json');
    expect(at(v2, 'properties', 'products', 'contentSchema', 'items', 'required')).toEqual([
      'name',
      'price',
      'num',
      'currency',
    ]);
    const v1MerchantId = at(
      requestSchema('/openapi/v1/pwpp', 'application/x-www-form-urlencoded'),
      'properties',
      'merchantId',
    );
    const patterns = (at(v1MerchantId, 'allOf') as { pattern: string }[]).map(
      (one) => new RegExp(one.pattern),
    );
    expect(patterns.every((pattern) => pattern.test('9007199254740991'))).toBe(true);
    expect(patterns.every((pattern) => pattern.test('9007199254740992'))).toBe(false);
  });

  it('answers per HTTP status as the sandbox sends them, each error status with its one code', () => {
    const transport: Record<string, number> = {
      '400': RESULT_CODE.MALFORMED_BODY,
      '404': RESULT_CODE.NOT_FOUND,
      '413': RESULT_CODE.BODY_TOO_LARGE,
      '415': RESULT_CODE.UNSUPPORTED_CONTENT_TYPE,
      '500': RESULT_CODE.INTERNAL_ERROR,
    };
    for (const pathName of ['/openapi/v2/pwpp', '/openapi/v1/pwpp', '/openapi/v1/submitKYC']) {
      const responses = at(document, 'paths', pathName, 'post', 'responses') as JsonObject;
      expect(Object.keys(responses).sort()).toEqual(['200', '400', '404', '413', '415', '500']);
      for (const [status, code] of Object.entries(transport)) {
        const response = resolve(at(responses, status, '$ref') as string);
        const schema = resolve(at(response, 'content', 'application/json', 'schema', '$ref') as string);
        expect(at(schema, 'properties', 'code', 'const'), `${pathName} ${status}`).toBe(code);
        expect(at(schema, 'properties', 'data', 'type')).toBe('null');
        expect(at(response, 'description')).toEqual(expect.stringContaining(`HTTP ${status}, code ${code}`));
      }
    }
    const refusals = (name: string) =>
      at(resolve(`#/components/schemas/${name}`), 'properties', 'code', 'enum') as number[];
    expect(refusals('PayInV2Refusal')).not.toContain(RESULT_CODE.BAD_SIGNATURE);
    expect(refusals('PayInV1Refusal')).toContain(RESULT_CODE.BAD_SIGNATURE);
    expect(refusals('KycRefusal')).toContain(RESULT_CODE.TOO_MANY_RECORDS);
    for (const name of ['PayInV2Refusal', 'PayInV1Refusal', 'KycRefusal']) {
      for (const code of Object.values(transport)) expect(refusals(name)).not.toContain(code);
    }
    const v2Ok = at(
      document,
      'paths',
      '/openapi/v2/pwpp',
      'post',
      'responses',
      '200',
      'description',
    ) as string;
    for (const code of Object.values(transport)) expect(v2Ok).not.toContain(String(code));
    const order = resolve('#/components/schemas/PayInOrderAnswer');
    expect(at(order, 'properties', 'code', 'const')).toBe(0);
    expect(at(order, 'properties', 'data', 'properties', 'orderStatus', 'enum')).toEqual([1, 2, 15]);
  });

  it('states the card-or-stored-card rule (assumption A8)', () => {
    const v2 = requestSchema('/openapi/v2/pwpp', 'application/json');
    expect(at(v2, 'oneOf', '0', 'required')).toEqual(['cardNumber', 'cvv', 'expDate']);
    expect(at(v2, 'oneOf', '1', 'required')).toEqual(['ccStorageID']);
  });

  it('serves pay-in from {base_url} and KYC from {kyc_base_url}', () => {
    expect(at(document, 'servers', '0', 'url')).toBe('{base_url}');
    expect(at(document, 'servers', '0', 'variables', 'base_url', 'default')).toEqual(expect.any(String));
    const kycServers = at(document, 'paths', '/openapi/v1/submitKYC', 'servers');
    expect(at(kycServers, '0', 'url')).toBe('{kyc_base_url}');
    expect(at(kycServers, '0', 'variables', 'kyc_base_url', 'default')).toEqual(expect.any(String));
  });

  it('describes the payment-result callback on both pay-in operations', () => {
    for (const pathName of ['/openapi/v2/pwpp', '/openapi/v1/pwpp']) {
      const ref = at(document, 'paths', pathName, 'post', 'callbacks', 'paymentResult', '$ref') as string;
      const callback = resolve(ref);
      const post = at(callback, '{$request.body#/callBackURL}', 'post');
      const bodyRef = at(post, 'requestBody', 'content', 'application/json', 'schema', '$ref') as string;
      expect(resolve(bodyRef).required).toEqual(
        expect.arrayContaining(['merchantTradeNo', 'orderId', 'orderStatus', 'amount', 'sign']),
      );
    }
  });

  it('has no dangling references and no JSON Schema dialect keys inside', () => {
    const text = JSON.stringify(document);
    for (const [, ref] of text.matchAll(/"\$ref":"([^"]+)"/g)) {
      expect(resolve(ref!), `${ref} resolves`).toEqual(expect.any(Object));
    }
    expect(text).not.toContain('"$schema"');
  });
});
