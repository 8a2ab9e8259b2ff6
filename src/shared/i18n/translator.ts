// A language's words read from its catalogue with Lingui, for the processes that word things themselves
// (main's refusals and receipts, the notification service's return page). The renderer's catalogues are
// compiled when its bundle is built; these are compiled when first read (a few milliseconds).
import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Language } from '../languages';
import type { Translate } from './messages';

export function translatorOf(language: Language, catalog: Record<string, string>): Translate {
  const messages = Object.fromEntries(
    Object.entries(catalog).map(([key, message]) => [key, compileMessageOrThrow(message)]),
  );
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: language, messages });
  return (key, values) => i18n._(key, values);
}
