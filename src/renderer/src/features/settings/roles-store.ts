// The desk's roles as main last answered them (roles.list): the four built in and a supervisor's own. The
// operators' role menus, the pay-in limits and the role editor read the same list, so a role saved in one
// shows in the others at once. A built-in role is named in the active language, a desk's own by the name
// its supervisor gave it; a permission by the catalogue's words for its id.
import { roleName, type Translate } from '@renderer/i18n/use-t';
import { call } from '@renderer/lib/paydesk';
import type { RoleView } from '@shared/operators';
import { PERMISSIONS, type Permission } from '@shared/roles';
import { create } from 'zustand';

interface RolesState {
  roles: RoleView[] | undefined;
  load: () => Promise<void>;
  set: (roles: RoleView[]) => void;
}

export const useRoles = create<RolesState>((set) => ({
  roles: undefined,
  async load() {
    set({ roles: await call('roles.list') });
  },
  set(roles) {
    set({ roles });
  },
}));

/** A role of the list in the active language. */
export function roleViewName(t: Translate, role: RoleView): string {
  return roleName(t, { role: role.id, roleLabel: role.label });
}

/** The roles as choices for a menu: value the id, label the name. */
export function roleOptions(
  t: Translate,
  roles: readonly RoleView[] | undefined,
): { value: string; label: string }[] {
  return (roles ?? []).map((role) => ({ value: role.id, label: roleViewName(t, role) }));
}

/**
 * The name of the role with this id; the id itself while the list is not loaded yet, and said as gone when
 * the loaded list does not hold it (a supervisor's own role the desk no longer has: a pay-in limit's).
 */
export function roleLabel(t: Translate, roles: readonly RoleView[] | undefined, id: string): string {
  if (roles === undefined) return id;
  const role = roles.find((one) => one.id === id);
  return role ? roleViewName(t, role) : t('operators.role.gone', { role: id });
}

/** How a supervisor reads a permission; an id this Paydesk does not know, as it is. */
export function permissionName(t: Translate, permission: Permission | string): string {
  return isPermission(permission) ? t(`settings.roles.permission.${permission}`) : permission;
}

function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}
