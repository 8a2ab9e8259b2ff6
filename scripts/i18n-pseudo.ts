// npm run i18n:pseudo: writes the pseudo-locale's catalogue (en-XA) from the English one (pseudo-catalog.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { CATALOG_DIR, catalogPath } from './i18n/catalog-files';
import { pseudoCatalog } from './i18n/pseudo-catalog';

const source = JSON.parse(readFileSync(catalogPath('en'), 'utf8')) as Record<string, string>;
writeFileSync(catalogPath('en-XA'), `${JSON.stringify(pseudoCatalog(source), null, 2)}\n`);
console.log(`wrote ${catalogPath('en-XA')} (${Object.keys(source).length} messages) in ${CATALOG_DIR}`);
