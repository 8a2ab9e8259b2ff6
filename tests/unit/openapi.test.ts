// docs/openapi.json is generated from the wire schemas; this fails when it no longer matches them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildOpenApiDocument,
  type JsonObject,
  serializeOpenApiDocument,
} from '../../src/shared/gateway/openapi';

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
