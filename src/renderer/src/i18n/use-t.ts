// Components read their words through useT: the Lingui context makes them render again when the language
// changes (Settings, or another operator signing in), with no remount.
import { useLingui } from '@lingui/react';
import type { Translate } from '@shared/i18n/messages';
import { ROLE_IDS } from '@shared/roles';
import { useCallback } from 'react';

export type { Translate };

export function useT(): Translate {
  const { i18n } = useLingui();
  return useCallback((key, values) => i18n._(key, values), [i18n]);
}

/** The active language's tag, for Intl (format.ts). */
export function useLocale(): string {
  return useLingui().i18n.locale;
}

/**
 * A role's name in the active language: a built-in role's from the catalogue, a desk's own role by the name
 * its supervisor gave it (main's `roleLabel`), which no catalogue knows.
 */
export function roleName(t: Translate, operator: { role: string; roleLabel: string }): string {
  const builtIn = (ROLE_IDS as readonly string[]).includes(operator.role);
  return builtIn ? t(`role.${operator.role as (typeof ROLE_IDS)[number]}`) : operator.roleLabel;
}
