// Components read their words through useT: the Lingui context makes them render again when the language
// changes (Settings, or another operator signing in), with no remount.
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import type { MessageKey, MessageValues } from './i18n';

export type Translate = (key: MessageKey, values?: MessageValues) => string;

export function useT(): Translate {
  const { i18n } = useLingui();
  return useCallback((key, values) => i18n._(key, values), [i18n]);
}

/** The active language's tag, for Intl (format.ts). */
export function useLocale(): string {
  return useLingui().i18n.locale;
}
