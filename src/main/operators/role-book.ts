// The roles a desk knows: the four built in (shared/roles.ts), never changed, and a supervisor's own, each a
// copy of another with its permissions changed (PCI DSS 7.2.2: access by job function). Kept sealed with
// the accounts (account-store.ts). A role id nobody knows grants nothing: an account whose role went
// missing may sign in and do nothing else (it fails closed).
import {
  BUILT_IN_ROLES,
  PERMISSIONS,
  type Permission,
  ROLE_IDS,
  ROLE_LABELS,
  type RoleView,
} from '@shared/operators';
import { inEnglish } from '../i18n/words';
import type { CustomRole } from './account-store';

const isBuiltIn = (id: string): id is (typeof ROLE_IDS)[number] =>
  (ROLE_IDS as readonly string[]).includes(id);

export function createRoleBook() {
  let custom: CustomRole[] = [];
  const find = (id: string) => custom.find((role) => role.id === id);

  return {
    load(roles: CustomRole[]): void {
      custom = roles;
    },
    /** A supervisor's own roles, as the accounts file keeps them. */
    custom: (): CustomRole[] => custom,
    isBuiltIn,
    exists: (id: string): boolean => isBuiltIn(id) || find(id) !== undefined,

    permissionsOf(id: string): readonly Permission[] {
      if (isBuiltIn(id)) return BUILT_IN_ROLES[id];
      const role = find(id);
      // In the contract's order, whatever order they were saved in.
      return role ? PERMISSIONS.filter((permission) => role.permissions.includes(permission)) : [];
    },

    labelOf(id: string): string {
      if (isBuiltIn(id)) return ROLE_LABELS[id];
      // Main's English (logs, messages); words that reach the page name it by `goneRoles` (refusal-words.ts).
      return find(id)?.label ?? inEnglish()('operators.role.gone', { role: id });
    },

    views(): RoleView[] {
      return [
        ...ROLE_IDS.map((id) => ({
          id,
          label: ROLE_LABELS[id],
          permissions: [...BUILT_IN_ROLES[id]],
          builtIn: true,
        })),
        ...custom.map((role) => ({
          id: role.id,
          label: role.label,
          permissions: [...this.permissionsOf(role.id)],
          builtIn: false,
          ...(role.basedOn !== undefined && { basedOn: role.basedOn }),
        })),
      ];
    },

    /** Adds or replaces a supervisor's own role; a built-in one cannot be. */
    put(role: CustomRole): void {
      custom = [...custom.filter((one) => one.id !== role.id), role];
    },
  };
}
