// The words' keys and how they are read, for every process: the renderer's Lingui instance
// (renderer/src/i18n) and main's (main/i18n, for what main words itself: receipts) read the same catalogues,
// catalogs/<language>.json, whose English one is the source of the keys.
import type source from './catalogs/en.json';

export type MessageKey = keyof typeof source;
export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;
