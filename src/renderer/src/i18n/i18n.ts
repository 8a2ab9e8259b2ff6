// The renderer's one Lingui instance and the typed way to read it. The keys are those of the English
// catalogue (the source): a key missing there does not compile; the catalogue check (tests/unit/catalogs.test.ts)
// holds the other languages to the same keys, placeholders and ICU syntax.
import { setupI18n } from '@lingui/core';
import type { MessageKey, MessageValues } from '@shared/i18n/messages';

export const i18n = setupI18n();

/** The message in the active language (outside React: an event handler's problem text, a store's). */
export function translate(key: MessageKey, values?: MessageValues): string {
  return i18n._(key, values);
}
