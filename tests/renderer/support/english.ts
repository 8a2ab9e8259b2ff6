// The renderer's words as an English desk reads them, for tests of code that takes a Translate: the source
// catalogue compiled as Lingui's build plugin compiles it.
import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Translate } from '@renderer/i18n/use-t';
import source from '../../../src/shared/i18n/catalogs/en.json';

const i18n = setupI18n({
  locale: 'en',
  messages: {
    en: Object.fromEntries(
      Object.entries(source).map(([key, message]) => [key, compileMessageOrThrow(message)]),
    ),
  },
});

export const english: Translate = (key, values) => i18n._(key, values);
