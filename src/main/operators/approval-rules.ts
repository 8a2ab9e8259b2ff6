// Which calls wait for a supervisor's approval, and what the supervisor is shown (issue 31 item 4): a
// pay-in above the operator's limit in its currency, making a production profile the active one, removing
// a stored card, an export of customers' personal data (History, Team History, a KYC batch's rows to
// fix), a KYC batch sent to production, and every change to an operator or a limit. One table, in front of
// the handlers: a rule reads the call's parsed input and answers the subject to approve, or nothing. The
// handlers themselves know nothing of approvals.
import type { ApprovalAction, ApprovalSummaryWords, PayInLimit } from '@shared/approvals';
import type { MessageKey } from '@shared/i18n/messages';
import type { IpcChannel } from '@shared/ipc';
import { type OperatorId, PERMISSION_LABELS, ROLE_IDS, type RoleId } from '@shared/operators';
import type { Profile } from '@shared/profile';
import Big from 'big.js';
import { inEnglish } from '../i18n/words';
import type { IpcHandlers } from '../ipc/dispatch';
import { Refusal } from '../refusal';
import type { ApprovalSubject, Approvals } from './approvals';

type InputOf<C extends IpcChannel> = Parameters<IpcHandlers[C]>[0];
type Rule<C extends IpcChannel> = (input: InputOf<C>) => ApprovalSubject | undefined;
type Rules = { [C in IpcChannel]?: Rule<C> };

interface ApprovalRuleDeps {
  operatorId: () => string;
  roleOf: (id: string) => RoleId | undefined;
  roleLabel: (id: string) => string;
  builtInRole: (id: string) => boolean;
  displayName: (id: string) => string;
  limits: () => readonly PayInLimit[];
  profile: (id: string) => Profile | undefined;
  activeProfile: () => Profile;
}

/** The limit that applies to an operator in a currency: their own first, then their role's; none if neither. */
function limitFor(
  limits: readonly PayInLimit[],
  operatorId: string,
  role: RoleId | undefined,
  currency: string,
): PayInLimit | undefined {
  const inCurrency = limits.filter((limit) => limit.currency === currency);
  return (
    inCurrency.find((limit) => limit.scope.kind === 'operator' && limit.scope.operatorId === operatorId) ??
    inCurrency.find((limit) => limit.scope.kind === 'role' && limit.scope.role === role)
  );
}

/** The summary's words (approval.summary.*), and the English the audit keeps made of them. */
const subject = (action: ApprovalAction, words: ApprovalSummaryWords, binding: unknown): ApprovalSubject => ({
  action,
  summary: inEnglish()(words.key as MessageKey, words.values),
  words,
  binding: JSON.stringify(binding),
});

/** "150.00 EUR" in the English summary; the reader's page formats it in their language. */
const money = (amount: string, currency: string) => ({ text: `${amount} ${currency}`, amount, currency });

export function approvalRules(deps: ApprovalRuleDeps): Rules {
  const operator = (id: OperatorId) => ({ name: deps.displayName(id), id });
  /** A role by its label; a built-in one's name the page says in the reader's language. */
  const role = (name: string, id: string): Pick<ApprovalSummaryWords, 'roles'> =>
    deps.builtInRole(id) && (ROLE_IDS as readonly string[]).includes(id)
      ? { roles: { [name]: id as (typeof ROLE_IDS)[number] } }
      : {};
  const scopeOf = (
    scope: PayInLimit['scope'],
  ): Pick<ApprovalSummaryWords, 'roles'> & { values: Record<string, string> } =>
    scope.kind === 'role'
      ? { values: { scopeKind: 'role', scope: deps.roleLabel(scope.role) }, ...role('scope', scope.role) }
      : { values: { scopeKind: 'operator', scope: deps.displayName(scope.operatorId) } };
  // Their own account the handler refuses at once (operator-admin.ts): nothing to approve.
  const yourOwn = (id: OperatorId) => id === deps.operatorId();
  // Only once the officer confirmed this production profile: otherwise the handler refuses, nothing to approve.
  const kycToProduction = (
    input: { batchId: string; confirmedProfile?: string | undefined },
    chunk?: number,
  ) => {
    const active = deps.activeProfile();
    if (active.environment !== 'production' || input.confirmedProfile !== active.id) return undefined;
    return subject(
      'kyc.production',
      chunk === undefined
        ? { key: 'approval.summary.kycBatch', values: { profile: active.name } }
        : { key: 'approval.summary.kycChunk', values: { profile: active.name, chunk } },
      input,
    );
  };
  return {
    'payin.submit': (input) => {
      const { fields } = input;
      // As submit.ts charges it: v1 names its currency, v2's is the profile's.
      const currency = input.version === 'v1' ? input.fields.currency : deps.activeProfile().displayCurrency;
      const me = deps.operatorId();
      const limit = limitFor(deps.limits(), me, deps.roleOf(me), currency);
      if (!limit || new Big(fields.amount).lte(limit.amount)) return undefined;
      const amount = money(fields.amount, currency);
      const over = money(limit.amount, limit.currency);
      const scope = scopeOf(limit.scope);
      return subject(
        'payin.over_limit',
        {
          key: 'approval.summary.payinOverLimit',
          values: {
            amount: amount.text,
            hasOrder: fields.merchantTradeNo ? 'yes' : 'no',
            order: fields.merchantTradeNo ?? '',
            customer: `${fields.firstName} ${fields.lastName}`,
            limit: over.text,
            ...scope.values,
          },
          amounts: { amount, limit: over },
          ...(scope.roles && { roles: scope.roles }),
        },
        // The card fields stay out (they are typed again on a retry); confirmDuplicate is not the request.
        { ...fields, currency, cardNumber: undefined, cvv: undefined, expDate: undefined },
      );
    },
    'profiles.activate': ({ id }) => {
      const profile = deps.profile(id);
      if (profile?.environment !== 'production') return undefined;
      return subject(
        'profile.production',
        { key: 'approval.summary.profileProduction', values: { profile: profile.name } },
        id,
      );
    },
    'kyc.submit': (input) => kycToProduction(input),
    'kyc.resubmitChunk': (input) => kycToProduction(input, input.chunkIndex + 1),
    'payin.forgetStoredCard': (input) =>
      subject(
        'card.remove',
        { key: 'approval.summary.cardRemove', values: { card: input.ccStorageID } },
        input,
      ),
    'history.exportCsv': (input) =>
      subject('export.personal_data', { key: 'approval.summary.exportHistory' }, input),
    'team.exportCsv': (input) =>
      subject('export.personal_data', { key: 'approval.summary.exportTeam' }, input),
    'kyc.exportRejected': (input) =>
      subject('export.personal_data', { key: 'approval.summary.exportKycRejected' }, input),
    'operators.add': (input) =>
      subject(
        'operator.change',
        {
          key: 'approval.summary.operatorAdd',
          values: { name: input.displayName, id: input.id, role: deps.roleLabel(input.role) },
          ...role('role', input.role),
        },
        { id: input.id, displayName: input.displayName, role: input.role },
      ),
    'operators.setEnabled': (input) =>
      yourOwn(input.id)
        ? undefined
        : subject(
            'operator.change',
            {
              key: 'approval.summary.operatorEnabled',
              values: { enabled: input.enabled ? 'yes' : 'no', ...operator(input.id) },
            },
            input,
          ),
    'operators.setRole': (input) =>
      yourOwn(input.id)
        ? undefined
        : subject(
            'operator.change',
            {
              key: 'approval.summary.operatorRole',
              values: { ...operator(input.id), role: deps.roleLabel(input.role) },
              ...role('role', input.role),
            },
            input,
          ),
    'operators.reset': (input) =>
      yourOwn(input.id)
        ? undefined
        : subject(
            'operator.change',
            { key: 'approval.summary.operatorReset', values: operator(input.id) },
            { id: input.id },
          ),
    'roles.save': (input) =>
      // A built-in role the handler refuses at once: nothing to approve.
      deps.builtInRole(input.id)
        ? undefined
        : subject(
            'operator.change',
            input.permissions.length === 0
              ? { key: 'approval.summary.roleSaveEmpty', values: { label: input.label, id: input.id } }
              : {
                  key: 'approval.summary.roleSave',
                  values: {
                    label: input.label,
                    id: input.id,
                    // The permissions' own names (shared/roles.ts), as the roles page shows them: in
                    // English here, named again in the reader's language by the page (`permissions`).
                    permissions: input.permissions
                      .map((permission) => PERMISSION_LABELS[permission])
                      .join('; '),
                  },
                  permissions: { permissions: input.permissions },
                },
            input,
          ),
    'operators.setLimit': (input) => {
      const scope = scopeOf(input.scope);
      const roles = scope.roles && { roles: scope.roles };
      return subject(
        'operator.change',
        input.amount === null
          ? {
              key: 'approval.summary.limitRemove',
              values: { currency: input.currency, ...scope.values },
              ...roles,
            }
          : {
              key: 'approval.summary.limitSet',
              values: { currency: input.currency, amount: input.amount, ...scope.values },
              amounts: { amount: { amount: input.amount, currency: input.currency } },
              ...roles,
            },
        input,
      );
    },
  };
}

/**
 * The handlers, each behind its rule: a call whose rule answers a subject goes ahead only with an approval
 * given for it, taken once; a call refused before it did anything (a Refusal) gives the approval back for
 * the retry (a duplicate warning answered, a field put right).
 */
export function withApprovals(handlers: IpcHandlers, rules: Rules, approvals: Approvals): IpcHandlers {
  const gated: Record<string, (input: never) => Promise<unknown>> = { ...handlers };
  for (const channel of Object.keys(rules) as IpcChannel[]) {
    const rule = rules[channel] as (input: unknown) => ApprovalSubject | undefined;
    const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
    gated[channel] = (async (input: unknown) => {
      const asked = rule(input);
      if (!asked) return handler(input);
      const taken = approvals.take(asked);
      try {
        return await handler(input);
      } catch (error) {
        if (error instanceof Refusal && error.kind !== 'approval_needed') approvals.giveBack(taken, asked);
        throw error;
      }
    }) as never;
  }
  return gated as IpcHandlers;
}
