// What a supervisor changes in the accounts (operators.* channels, permission `operators.manage`): add an
// operator with a one-time passphrase, disable or enable, change the role, reset a forgotten passphrase or
// a lost phone (PCI DSS 8.3.5: the owner chooses a new passphrase and enrols again at the next sign-in).
// Ids are never reused: an account is disabled, never deleted. Each change is audited with both ids.
import type { LimitScope, PayInLimit } from '@shared/approvals';
import type { CanonicalAmount } from '@shared/money/amount';
import type { OperatorId, OperatorView, Permission, RoleId, RoleView } from '@shared/operators';
import { hashPassphrase } from '../credentials/passphrase-hash';
import { refusal } from '../i18n/refuse';
import type { Account } from './account-store';
import type { SessionAudit } from './credential-check';
import type { SessionService } from './session-service';

export type OperatorAdmin = ReturnType<typeof createOperatorAdmin>;

export function createOperatorAdmin(
  session: SessionService,
  audit: SessionAudit,
  now: () => number = Date.now,
) {
  function view(): OperatorView[] {
    return [...session.accounts().values()]
      .map((account) => {
        const lockedOut = session.lockoutEndMs(account);
        return {
          id: account.id,
          displayName: account.displayName,
          role: account.role,
          enabled: account.enabled,
          enrolled: account.totp !== null && !account.temporaryPassphrase,
          ...(lockedOut !== undefined && { lockedOutUntil: new Date(lockedOut).toISOString() }),
          createdAt: account.createdAt,
          createdBy: account.createdBy,
        };
      })
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  function existing(id: OperatorId): Account {
    const account = session.accounts().get(id);
    if (!account) throw refusal('not_found', 'refusal.operators.noSuchOperator', { id }, 'id');
    return account;
  }

  function knownRole(role: string): void {
    if (!session.roles.exists(role)) {
      throw refusal('invalid', 'refusal.operators.noSuchRole', { role }, 'role');
    }
  }

  function notYourself(id: OperatorId, change: 'enable' | 'disable' | 'reset' | 'role'): void {
    if (id === session.operatorId()) {
      throw refusal('forbidden', 'refusal.operators.notYourself', { change }, 'id');
    }
  }

  async function changed(
    id: OperatorId,
    event: string,
    detail: Record<string, unknown>,
  ): Promise<OperatorView[]> {
    await session.commit({ kind: 'operator', id, ...(event === 'operator.added' && { added: true }) });
    audit(event, 'success', session.operatorId(), { target: id, ...detail });
    await session.afterAdminChange(id);
    return view();
  }

  return {
    list: async () => view(),

    async add(input: { id: OperatorId; displayName: string; role: RoleId; temporaryPassphrase: string }) {
      knownRole(input.role);
      if (session.accounts().has(input.id)) {
        throw refusal('conflict', 'refusal.operators.idTaken', { id: input.id }, 'id');
      }
      session.accounts().set(input.id, {
        id: input.id,
        displayName: input.displayName,
        role: input.role,
        enabled: true,
        createdAt: new Date(now()).toISOString(),
        createdBy: session.operatorId(),
        passphraseHash: await hashPassphrase(input.temporaryPassphrase),
        temporaryPassphrase: true,
        totp: null,
        wrongInARow: 0,
      });
      return changed(input.id, 'operator.added', { role: input.role, displayName: input.displayName });
    },

    async setEnabled(input: { id: OperatorId; enabled: boolean }) {
      notYourself(input.id, input.enabled ? 'enable' : 'disable');
      const account = existing(input.id);
      account.enabled = input.enabled;
      return changed(input.id, input.enabled ? 'operator.enabled' : 'operator.disabled', {});
    },

    async setRole(input: { id: OperatorId; role: RoleId }) {
      notYourself(input.id, 'role');
      knownRole(input.role);
      const account = existing(input.id);
      const from = account.role;
      account.role = input.role;
      return changed(input.id, 'operator.role_changed', { from, to: input.role });
    },

    limits: async (): Promise<PayInLimit[]> => [...session.limits()],

    roles: async (): Promise<RoleView[]> => session.roles.views(),

    /** A supervisor's own role: a copy of another (basedOn), or one of theirs changed. Built-in ones stay. */
    async saveRole(input: {
      id: RoleId;
      label: string;
      permissions: Permission[];
      basedOn?: RoleId | undefined;
    }) {
      if (session.roles.isBuiltIn(input.id)) {
        throw refusal('invalid', 'refusal.operators.builtInRole', { role: input.label }, 'id');
      }
      if (input.basedOn !== undefined) knownRole(input.basedOn);
      const before = session.roles.custom().find((role) => role.id === input.id);
      if (!before && input.basedOn === undefined) {
        throw refusal('invalid', 'refusal.operators.basedOnMissing', undefined, 'basedOn');
      }
      const basedOn = input.basedOn ?? before?.basedOn;
      session.roles.put({
        id: input.id,
        label: input.label,
        permissions: [...new Set(input.permissions)],
        ...(basedOn !== undefined && { basedOn }),
        changedAt: new Date(now()).toISOString(),
        changedBy: session.operatorId(),
      });
      await session.commit({ kind: 'role', id: input.id });
      audit(before ? 'role.changed' : 'role.created', 'success', session.operatorId(), {
        role: input.id,
        label: input.label,
        permissions: session.roles.permissionsOf(input.id),
        ...(before && { before: before.permissions }),
        ...(basedOn !== undefined && { basedOn }),
      });
      return session.roles.views();
    },

    /** Sets or takes away a role's or an operator's limit in one currency. */
    async setLimit(input: { scope: LimitScope; currency: string; amount: CanonicalAmount | null }) {
      if (input.scope.kind === 'operator') existing(input.scope.operatorId);
      const sameScope = (limit: PayInLimit) =>
        limit.currency === input.currency && JSON.stringify(limit.scope) === JSON.stringify(input.scope);
      const before = session.limits().find(sameScope);
      const others = session.limits().filter((limit) => !sameScope(limit));
      session.setLimits(
        input.amount === null
          ? others
          : [...others, { scope: input.scope, currency: input.currency, amount: input.amount }],
      );
      await session.commit({ kind: 'limit', scope: input.scope, currency: input.currency });
      audit('operator.limit_changed', 'success', session.operatorId(), {
        scope: input.scope,
        currency: input.currency,
        from: before?.amount ?? null,
        to: input.amount,
      });
      return [...session.limits()];
    },

    async reset(input: { id: OperatorId; temporaryPassphrase: string }) {
      notYourself(input.id, 'reset');
      const account = existing(input.id);
      account.passphraseHash = await hashPassphrase(input.temporaryPassphrase);
      account.temporaryPassphrase = true;
      account.totp = null;
      account.wrongInARow = 0;
      delete account.lockout;
      return changed(input.id, 'operator.reset', {});
    },
  };
}
