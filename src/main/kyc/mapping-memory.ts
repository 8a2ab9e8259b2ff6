// Column mappings the compliance officer set by hand, remembered per set of headers: the same file, or
// the next month's export with the same columns, opens mapped as it was left. Kept in the settings store
// (headers and field names only, never a cell of the file), at most MAX_REMEMBERED sets, newest first.

import { type KycColumnMapping, kycColumnMappingSchema } from '@shared/kyc-batch';
import { z } from 'zod';
import type { KeyValueStore } from '../settings/settings-service';
import { headerKey } from './checking/header-mapping';

const KEY = 'kycMappings';
const MAX_REMEMBERED = 50;

const rememberedSchema = z.array(z.object({ headers: z.string(), mapping: z.array(kycColumnMappingSchema) }));
type Remembered = z.infer<typeof rememberedSchema>;

/** The file's header set as a key: the same columns in any order and spelling of case and spacing. */
function headerSetKey(headers: readonly string[]): string {
  return JSON.stringify([...headers].map(headerKey).sort());
}

export type MappingMemory = ReturnType<typeof createMappingMemory>;

export function createMappingMemory(store: KeyValueStore) {
  function all(): Remembered {
    const parsed = rememberedSchema.safeParse(store.get(KEY) ?? []);
    return parsed.success ? parsed.data : [];
  }
  return {
    /** The mapping last set for files with these headers, or undefined. */
    recall(headers: readonly string[]): KycColumnMapping[] | undefined {
      const key = headerSetKey(headers);
      return all().find((entry) => entry.headers === key)?.mapping;
    },
    remember(headers: readonly string[], mapping: readonly KycColumnMapping[]): void {
      const key = headerSetKey(headers);
      const others = all().filter((entry) => entry.headers !== key);
      store.set(KEY, [{ headers: key, mapping: [...mapping] }, ...others].slice(0, MAX_REMEMBERED));
    },
  };
}
