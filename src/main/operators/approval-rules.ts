// Which calls wait for a supervisor's approval, and what the supervisor is shown (issue 31 item 4): a
// pay-in above the operator's limit in its currency, making a production profile the active one, removing
// a stored card, an export of History (customers' personal data), a KYC batch sent to production, and
// every change to an operator or a limit. One table, in front of the handlers: a rule reads the call's parsed input and answers the subject
// to approve, or nothing. The handlers themselves know nothing of approvals.
import type { ApprovalAction, PayInLimit } from '@shared/approvals';
import type { MessageKey, MessageValues } from '@shared/i18n/messages';
import type { IpcChannel } from '@shared/ipc';
import { type OperatorId, PERMISSION_LABELS, type RoleId } from '@shared/operators';
import type { Profile } from '@shared/profile';
import Big from 'big.js';
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

/**
 * `words`: the summary as the catalogue's key and values, for the dialog in the supervisor's language (the
 * audit trail keeps `summary`, in English). Without them the dialog shows `summary` as it is.
 */
const subject = (
  action: ApprovalAction,
  summary: string,
  binding: unknown,
  words?: { key: MessageKey; values?: MessageValues },
): ApprovalSubject => ({
  action,
  summary,
  binding: JSON.stringify(binding),
  ...(words && { words }),
});

function scopeName(
  scope: PayInLimit['scope'],
  displayName: (id: string) => string,
  roleLabel: (id: string) => string,
): string {
  return scope.kind === 'role' ? `every ${roleLabel(scope.role)}` : displayName(scope.operatorId);
}

export function approvalRules(deps: ApprovalRuleDeps): Rules {
  const operator = (id: OperatorId) => `${deps.displayName(id)} (${id})`;
  // Their own account the handler refuses at once (operator-admin.ts): nothing to approve.
  const yourOwn = (id: OperatorId) => id === deps.operatorId();
  // Only once the officer confirmed this production profile: otherwise the handler refuses, nothing to approve.
  const kycToProduction = (
    input: { batchId: string; confirmedProfile?: string | undefined; chunkIndex?: number },
    what: string,
  ) => {
    const active = deps.activeProfile();
    if (active.environment !== 'production' || input.confirmedProfile !== active.id) return undefined;
    return subject(
      'kyc.production',
      `sending ${what} to the production gateway of profile "${active.name}" (real customers' identities)`,
      input,
      input.chunkIndex === undefined
        ? { key: 'approval.summary.kycBatch', values: { profile: active.name } }
        : { key: 'approval.summary.kycChunk', values: { profile: active.name, chunk: input.chunkIndex + 1 } },
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
      const order = fields.merchantTradeNo ? `, order ${fields.merchantTradeNo}` : '';
      return subject(
        'payin.over_limit',
        `a pay-in of ${fields.amount} ${currency}${order}, for ${fields.firstName} ${fields.lastName}, ` +
          `above the limit of ${limit.amount} ${limit.currency} for ${scopeName(limit.scope, deps.displayName, deps.roleLabel)}`,
        // The card fields stay out (they are typed again on a retry); confirmDuplicate is not the request.
        { ...fields, currency, cardNumber: undefined, cvv: undefined, expDate: undefined },
      );
    },
    'profiles.activate': ({ id }) => {
      const profile = deps.profile(id);
      if (profile?.environment !== 'production') return undefined;
      return subject(
        'profile.production',
        `making the production profile "${profile.name}" this desk's active profile (real cards are charged)`,
        id,
        { key: 'approval.summary.profileProduction', values: { profile: profile.name } },
      );
    },
    'kyc.submit': (input) => kycToProduction(input, 'the records of a KYC batch'),
    'kyc.resubmitChunk': (input) =>
      kycToProduction(input, `chunk ${input.chunkIndex + 1} of a KYC batch (identity records)`),
    'payin.forgetStoredCard': (input) =>
      subject('card.remove', `removing the stored card ${input.ccStorageID} from Paydesk's list`, input, {
        key: 'approval.summary.cardRemove',
        values: { card: input.ccStorageID },
      }),
    'history.exportCsv': (input) =>
      subject(
        'export.personal_data',
        "an export of this desk's History as CSV, with customers' names and contacts",
        input,
        { key: 'approval.summary.historyExport' },
      ),
    'team.exportCsv': (input) =>
      subject(
        'export.personal_data',
        "an export of the team's History as CSV, with customers' names and contacts",
        input,
        { key: 'approval.summary.teamExport' },
      ),
    'operators.add': (input) =>
      subject(
        'operator.change',
        `adding the operator ${input.displayName} (${input.id}) as ${deps.roleLabel(input.role)}`,
        { id: input.id, displayName: input.displayName, role: input.role },
      ),
    'operators.setEnabled': (input) =>
      yourOwn(input.id)
        ? undefined
        : subject(
            'operator.change',
            `${input.enabled ? 'enabling' : 'disabling'} the operator ${operator(input.id)}`,
            input,
            {
              key: input.enabled ? 'approval.summary.operatorEnable' : 'approval.summary.operatorDisable',
              values: { name: deps.displayName(input.id), operatorId: input.id },
            },
          ),
    'operators.setRole': (input) =>
      yourOwn(input.id)
        ? undefined
        : subject(
            'operator.change',
            `making the operator ${operator(input.id)} ${deps.roleLabel(input.role)}`,
            input,
          ),
    'operators.reset': (input) =>
      yourOwn(input.id)
        ? undefined
        : subject(
            'operator.change',
            `resetting the passphrase and authenticator of ${operator(input.id)}`,
            { id: input.id },
            {
              key: 'approval.summary.operatorReset',
              values: { name: deps.displayName(input.id), operatorId: input.id },
            },
          ),
    'roles.save': (input) =>
      // A built-in role the handler refuses at once: nothing to approve.
      deps.builtInRole(input.id)
        ? undefined
        : subject(
            'operator.change',
            `saving the role ${input.label} (${input.id}) with: ${
              input.permissions.map((permission) => PERMISSION_LABELS[permission]).join('; ') ||
              'no permission'
            }`,
            input,
          ),
    'operators.setLimit': (input) =>
      subject(
        'operator.change',
        input.amount === null
          ? `taking away the ${input.currency} pay-in limit of ${scopeName(input.scope, deps.displayName, deps.roleLabel)}`
          : `setting the ${input.currency} pay-in limit of ${scopeName(input.scope, deps.displayName, deps.roleLabel)} to ${input.amount}`,
        input,
      ),
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
