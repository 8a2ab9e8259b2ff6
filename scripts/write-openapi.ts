// `npm run openapi`: writes docs/openapi.json from the wire schemas. The document itself is built in
// src/shared/gateway/openapi.ts; this script only writes it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument, serializeOpenApiDocument } from '../src/shared/gateway/openapi';

const target = path.resolve(import.meta.dirname, '../docs/openapi.json');
writeFileSync(target, serializeOpenApiDocument(buildOpenApiDocument()));
console.log(`Wrote ${path.relative(process.cwd(), target)}`);
