// The team's operator accounts, roles and pay-in limits as a desk reads them from the team database (team
// migration 7): rows read from PostgreSQL are a trust boundary, parsed here before the desk believes them.
// Built from the account and role shapes of operators.ts and approvals.ts, the one definition of each.
import { z } from 'zod';
import { payInLimitSchema } from './approvals';
import { operatorIdSchema, permissionSchema, roleIdSchema } from './operators';

/** The authenticator's secret as the team database keeps it: sealed under the team key (never plain base32). */
export const teamSealedSecretSchema = z.string().regex(/^tk1:[A-Za-z0-9+/]+=*$/);

const when = z.union([z.date(), z.string()]).transform((value) => new Date(value).toISOString());

export const teamOperatorRowSchema = z.object({
  operator_id: operatorIdSchema,
  display_name: z.string().min(1).max(60),
  role: roleIdSchema,
  enabled: z.boolean(),
  passphrase_hash: z.string().startsWith('scrypt$'),
  temporary_passphrase: z.boolean(),
  totp_secret: teamSealedSecretSchema.nullable(),
  created_at: when,
  created_by: z.string().min(1),
});
export type TeamOperatorRow = z.infer<typeof teamOperatorRowSchema>;

export const teamRoleRowSchema = z.object({
  role_id: roleIdSchema,
  label: z.string().min(1).max(40),
  // A permission this Paydesk does not know (a newer desk's) grants nothing here: dropped, not refused.
  permissions: z
    .array(z.string())
    .transform((names) => names.filter((name) => permissionSchema.safeParse(name).success))
    .pipe(z.array(permissionSchema)),
  based_on: roleIdSchema.nullable(),
  changed_at: when,
  changed_by: z.string().min(1),
});

export const teamLimitRowSchema = z
  .object({
    scope_kind: z.enum(['role', 'operator']),
    scope_id: z.string(),
    currency: z.string(),
    amount: z.string().nullable(),
  })
  .transform((row, ctx) => {
    if (row.amount === null) return null;
    const limit = payInLimitSchema.safeParse({
      scope:
        row.scope_kind === 'role'
          ? { kind: 'role', role: row.scope_id }
          : { kind: 'operator', operatorId: row.scope_id },
      currency: row.currency,
      amount: row.amount,
    });
    if (!limit.success) {
      ctx.addIssue({ code: 'custom', message: `a team limit that is not one: ${limit.error.message}` });
      return z.NEVER;
    }
    return limit.data;
  });
