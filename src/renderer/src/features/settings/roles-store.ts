// The desk's roles as main last answered them (roles.list): the four built in and a supervisor's own. The
// operators' role menus, the pay-in limits and the role editor read the same list, so a role saved in one
// shows in the others at once.
import { call } from '@renderer/lib/paydesk';
import type { RoleView } from '@shared/operators';
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

/** The roles as choices for a menu: value the id, label the name. */
export function roleOptions(roles: readonly RoleView[] | undefined): { value: string; label: string }[] {
  return (roles ?? []).map((role) => ({ value: role.id, label: role.label }));
}

export function roleLabel(roles: readonly RoleView[] | undefined, id: string): string {
  return roles?.find((role) => role.id === id)?.label ?? id;
}
