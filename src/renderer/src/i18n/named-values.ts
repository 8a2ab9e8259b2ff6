// Main's words name a built-in role or a permission by its code beside its English (shared/refusal-words.ts,
// shared/approvals.ts): here each is named in the reader's language, as the roles page names it; a role the
// desk no longer has by its id, said as gone (operators.role.gone).
import type { MessageValues } from '@shared/i18n/messages';
import type { Permission, ROLE_IDS } from '@shared/roles';
import type { Translate } from './use-t';

export function namedValues(
  t: Translate,
  words: {
    values?: MessageValues | undefined;
    roles?: Record<string, (typeof ROLE_IDS)[number]> | undefined;
    permissions?: Record<string, Permission | readonly Permission[]> | undefined;
    goneRoles?: Record<string, string> | undefined;
  },
): MessageValues {
  const values: MessageValues = { ...words.values };
  for (const [name, role] of Object.entries(words.roles ?? {})) values[name] = t(`role.${role}`);
  for (const [name, role] of Object.entries(words.goneRoles ?? {})) {
    values[name] = t('operators.role.gone', { role });
  }
  for (const [name, named] of Object.entries(words.permissions ?? {})) {
    const permissions: readonly Permission[] = typeof named === 'string' ? [named] : named;
    values[name] = permissions.map((permission) => t(`settings.roles.permission.${permission}`)).join('; ');
  }
  return values;
}
