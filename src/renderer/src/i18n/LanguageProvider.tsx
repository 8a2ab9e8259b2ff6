// Around the whole app: nothing renders until the desk's language is active, then every word comes from its
// catalogue. A later change renders in place.
import { I18nProvider } from '@lingui/react';
import { useLanguageStore, watchLanguage } from '@renderer/lib/language-store';
import { type ReactNode, useEffect } from 'react';
import { i18n } from './i18n';

export function LanguageProvider({ children }: { children: ReactNode }) {
  useEffect(watchLanguage, []);
  const ready = useLanguageStore((state) => state.choice !== undefined);
  if (!ready) return null;
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
