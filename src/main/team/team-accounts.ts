// The team's operator accounts, roles and pay-in limits in the team database (team migration 7), as one
// desk reads and writes them: every row parsed at the boundary (shared/team-accounts.ts), each
// authenticator secret opened with the team key as it is read and sealed with it as it is written
// (account-secret.ts), so the database never holds one a code can be computed from. Which login may write
// is the database's decision (row-level security): a desk's ordinary login reads, a supervisor's writes;
// a refusal comes back as `TeamAccountsRefused`. operators/team-accounts-sync.ts decides what the desk does
// with them.
import type { LimitScope, PayInLimit } from '@shared/approvals';
import type { Permission } from '@shared/operators';
import {
  type TeamOperatorRow,
  teamLimitRowSchema,
  teamOperatorRowSchema,
  teamRoleRowSchema,
} from '@shared/team-accounts';
import type pg from 'pg';
import { englishOf } from '../i18n/refuse';
import { openTeamSecret, sealTeamSecret } from './account-secret';
import { teamSchemaVersion } from './apply-team-migrations';
import { ACCOUNTS_SCHEMA_VERSION, ENROLMENT_FROM_SCHEMA_VERSION } from './team-migrations';

/** An operator as the team keeps them, the authenticator secret opened (base32), or null before enrolment. */
export interface TeamOperator {
  id: string;
  displayName: string;
  role: string;
  enabled: boolean;
  passphraseHash: string;
  temporaryPassphrase: boolean;
  totpSecret: string | null;
  createdAt: string;
  createdBy: string;
}

/** What the team database did with an enrolment (migration 9): taken, refused across a reset, or refused. */
export type EnrolmentAnswer = 'enrolled' | 'reset' | 'refused';

export interface TeamRole {
  id: string;
  label: string;
  permissions: Permission[];
  basedOn?: string;
  changedAt: string;
  changedBy: string;
}

export interface TeamAccountsSnapshot {
  operators: TeamOperator[];
  roles: TeamRole[];
  limits: PayInLimit[];
}

/** The database refused a write (row-level security, no privilege): this desk's login may not change accounts. */
export class TeamAccountsRefused extends Error {
  override name = 'TeamAccountsRefused';
}

/** What the team database holds is not what a Paydesk wrote there (a row that does not parse, a secret that does not open). */
export class TeamAccountsUntrusted extends Error {
  override name = 'TeamAccountsUntrusted';
}

type Queryable = Pick<pg.Pool, 'query' | 'connect'>;

function refusedOrThrow(error: unknown): never {
  // 42501: insufficient_privilege, which is also what a row-level security policy answers.
  if ((error as { code?: string }).code === '42501') {
    // Its words are the refusal's (operators/team-accounts-sync.ts); the English here is the log's.
    throw new TeamAccountsRefused(englishOf({ key: 'refusal.team.noSupervisorGrant' }));
  }
  throw error;
}

function toOperator(teamKey: string, row: TeamOperatorRow): TeamOperator {
  let totpSecret: string | null = null;
  if (row.totp_secret !== null) {
    try {
      totpSecret = openTeamSecret(teamKey, row.operator_id, row.totp_secret);
    } catch {
      throw new TeamAccountsUntrusted(
        `The authenticator of ${row.operator_id} in the team database does not open with this desk's team key ` +
          '(another team key, or the row was changed there).',
      );
    }
  }
  return {
    id: row.operator_id,
    displayName: row.display_name,
    role: row.role,
    enabled: row.enabled,
    passphraseHash: row.passphrase_hash,
    temporaryPassphrase: row.temporary_passphrase,
    totpSecret,
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

function parsed<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  row: unknown,
): T {
  const result = schema.safeParse(row);
  if (!result.success)
    throw new TeamAccountsUntrusted('A row of the team accounts is not one Paydesk wrote.');
  return result.data;
}

const OPERATOR_UPSERT = `
  INSERT INTO paydesk.team_operators (operator_id, display_name, role, enabled, passphrase_hash,
    temporary_passphrase, totp_secret, created_at, created_by)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
  ON CONFLICT (operator_id) DO UPDATE SET display_name = EXCLUDED.display_name, role = EXCLUDED.role,
    enabled = EXCLUDED.enabled, passphrase_hash = EXCLUDED.passphrase_hash,
    temporary_passphrase = EXCLUDED.temporary_passphrase, totp_secret = EXCLUDED.totp_secret,
    changed_at = now(), changed_by_role = session_user`;

const ROLE_UPSERT = `
  INSERT INTO paydesk.team_roles (role_id, label, permissions, based_on, changed_at, changed_by)
  VALUES ($1, $2, $3, $4, $5, $6)
  ON CONFLICT (role_id) DO UPDATE SET label = EXCLUDED.label, permissions = EXCLUDED.permissions,
    based_on = EXCLUDED.based_on, changed_at = EXCLUDED.changed_at, changed_by = EXCLUDED.changed_by,
    changed_by_role = session_user`;

const LIMIT_UPSERT = `
  INSERT INTO paydesk.team_limits (scope_kind, scope_id, currency, amount) VALUES ($1, $2, $3, $4)
  ON CONFLICT (scope_kind, scope_id, currency) DO UPDATE SET amount = EXCLUDED.amount,
    changed_at = now(), changed_by_role = session_user`;

const ACCOUNTS_ON_SQL = 'SELECT EXISTS (SELECT 1 FROM paydesk.team_accounts_on) AS used';
const OPERATORS_SQL = `SELECT operator_id, display_name, role, enabled, passphrase_hash, temporary_passphrase,
  totp_secret, created_at, created_by FROM paydesk.team_operators ORDER BY operator_id`;
const ROLES_SQL =
  'SELECT role_id, label, permissions, based_on, changed_at, changed_by FROM paydesk.team_roles ORDER BY role_id';
const LIMITS_SQL =
  'SELECT scope_kind, scope_id, currency, amount FROM paydesk.team_limits ORDER BY scope_kind, scope_id, currency';

/** The rows of the three tables, each parsed at the boundary and each secret opened with the team key. */
function snapshotOf(
  teamKey: string,
  operators: unknown[],
  roles: unknown[],
  limits: unknown[],
): TeamAccountsSnapshot {
  return {
    operators: operators.map((row) => toOperator(teamKey, parsed(teamOperatorRowSchema, row))),
    roles: roles.map((row) => {
      const role = parsed(teamRoleRowSchema, row);
      return {
        id: role.role_id,
        label: role.label,
        permissions: role.permissions,
        ...(role.based_on !== null && { basedOn: role.based_on }),
        changedAt: role.changed_at,
        changedBy: role.changed_by,
      };
    }),
    limits: limits.flatMap((row) => parsed(teamLimitRowSchema, row) ?? []),
  };
}

const scopeParams = (scope: LimitScope) =>
  scope.kind === 'role' ? ['role', scope.role] : ['operator', scope.operatorId];

export type TeamAccounts = ReturnType<typeof teamAccountsOn>;

export function teamAccountsOn(pool: Queryable, teamKey: string) {
  /** The schema last seen: migrations only add, so a version once reached is not asked again. */
  let schemaSeen = 0;
  async function schemaAtLeast(version: number): Promise<boolean> {
    if (schemaSeen < version) schemaSeen = await teamSchemaVersion(pool);
    return schemaSeen >= version;
  }

  const operatorParams = (op: TeamOperator) => [
    op.id,
    op.displayName,
    op.role,
    op.enabled,
    op.passphraseHash,
    op.temporaryPassphrase,
    op.totpSecret === null ? null : sealTeamSecret(teamKey, op.id, op.totpSecret),
    op.createdAt,
    op.createdBy,
  ];
  const roleParams = (role: TeamRole) => [
    role.id,
    role.label,
    role.permissions,
    role.basedOn ?? null,
    role.changedAt,
    role.changedBy,
  ];

  return {
    /** Whether the team's desks use the team's accounts: migration 7, turned on by an administrator. */
    async inUse(): Promise<boolean> {
      if (!(await schemaAtLeast(ACCOUNTS_SCHEMA_VERSION))) return false;
      const { rows } = await pool.query(ACCOUNTS_ON_SQL);
      return rows[0]?.used === true;
    },

    /** Every operator, role and limit, parsed and opened; throws when the database cannot be read or trusted. */
    async read(): Promise<TeamAccountsSnapshot> {
      const [operators, roles, limits] = await Promise.all(
        [OPERATORS_SQL, ROLES_SQL, LIMITS_SQL].map((sql) => pool.query(sql)),
      );
      return snapshotOf(teamKey, operators!.rows, roles!.rows, limits!.rows);
    },

    /**
     * The team's accounts when its desks use them, else undefined: `inUse` and `read` in one round trip
     * (read before every sign-in). The four statements go together in one simple query, which takes no
     * parameters and answers each; the schema is asked only until it is seen at migration 7.
     */
    async readInUse(): Promise<TeamAccountsSnapshot | undefined> {
      if (!(await schemaAtLeast(ACCOUNTS_SCHEMA_VERSION))) return undefined;
      let answers: pg.QueryResult[];
      try {
        const all = [ACCOUNTS_ON_SQL, OPERATORS_SQL, ROLES_SQL, LIMITS_SQL].join(';\n');
        answers = (await pool.query(all)) as unknown as pg.QueryResult[];
      } catch (error) {
        // A database put back from before migration 7, say: its schema is asked again next time.
        schemaSeen = 0;
        throw error;
      }
      const [on, operators, roles, limits] = answers;
      if (on?.rows[0]?.used !== true) return undefined;
      return snapshotOf(teamKey, operators?.rows ?? [], roles?.rows ?? [], limits?.rows ?? []);
    },

    /** Whether this desk's login may write accounts (a member of paydesk_supervisor). */
    async mayWrite(): Promise<boolean> {
      const { rows } = await pool.query(
        "SELECT pg_has_role(session_user, 'paydesk_supervisor', 'MEMBER') AS may",
      );
      return rows[0]?.may === true;
    },

    /** Adds a new operator; false when the team has the id already (another desk took it meanwhile). */
    async addOperator(op: TeamOperator): Promise<boolean> {
      try {
        const { rowCount } = await pool.query(
          `${OPERATOR_UPSERT.slice(0, OPERATOR_UPSERT.indexOf('ON CONFLICT'))} ON CONFLICT (operator_id) DO NOTHING`,
          operatorParams(op),
        );
        return rowCount === 1;
      } catch (error) {
        return refusedOrThrow(error);
      }
    },
    putOperator: (op: TeamOperator) =>
      pool.query(OPERATOR_UPSERT, operatorParams(op)).then(() => undefined, refusedOrThrow),
    putRole: (role: TeamRole) =>
      pool.query(ROLE_UPSERT, roleParams(role)).then(() => undefined, refusedOrThrow),
    putLimit: (scope: LimitScope, currency: string, amount: string | null) =>
      pool
        .query(LIMIT_UPSERT, [...scopeParams(scope), currency, amount])
        .then(() => undefined, refusedOrThrow),

    /**
     * The team's first accounts, from a supervisor's desk whose team has none yet: all in one transaction,
     * and only while the team still has none (two desks seeding at once: one wins). Returns whether it did.
     */
    async seed(snapshot: TeamAccountsSnapshot): Promise<boolean> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query("SELECT pg_advisory_xact_lock(hashtext('paydesk team accounts seed'))");
        const { rows } = await client.query('SELECT EXISTS (SELECT 1 FROM paydesk.team_operators) AS there');
        if (rows[0]?.there === true) {
          await client.query('ROLLBACK');
          return false;
        }
        for (const op of snapshot.operators) await client.query(OPERATOR_UPSERT, operatorParams(op));
        for (const role of snapshot.roles) await client.query(ROLE_UPSERT, roleParams(role));
        for (const limit of snapshot.limits)
          await client.query(LIMIT_UPSERT, [...scopeParams(limit.scope), limit.currency, limit.amount]);
        await client.query('COMMIT');
        return true;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        return refusedOrThrow(error);
      } finally {
        client.release();
      }
    },

    /**
     * The operator's own enrolment, from any desk, once, while the account waits for it and its passphrase
     * hash is still `startedFrom`, the one the desk proved when the enrolment started ('reset' otherwise:
     * a supervisor reset the account meanwhile). A team database before migration 9 cannot tell a reset
     * apart: there the enrolment is taken as before.
     */
    async enrolled(
      id: string,
      startedFrom: string,
      passphraseHash: string | null,
      totpSecret: string,
    ): Promise<EnrolmentAnswer> {
      const sealed = sealTeamSecret(teamKey, id, totpSecret);
      if (!(await schemaAtLeast(ENROLMENT_FROM_SCHEMA_VERSION))) {
        const { rows } = await pool.query('SELECT paydesk.team_operator_enrolled($1, $2, $3) AS done', [
          id,
          passphraseHash,
          sealed,
        ]);
        return rows[0]?.done === true ? 'enrolled' : 'refused';
      }
      const { rows } = await pool.query('SELECT paydesk.team_operator_enrolled($1, $2, $3, $4) AS answer', [
        id,
        startedFrom,
        passphraseHash,
        sealed,
      ]);
      const answer: unknown = rows[0]?.answer;
      return answer === 'enrolled' || answer === 'reset' ? answer : 'refused';
    },

    /** Takes an authenticator step across the team: false when any desk took it, or a later one, before. */
    async codeUsed(id: string, step: number): Promise<boolean> {
      const { rows } = await pool.query('SELECT paydesk.team_operator_code_used($1, $2) AS fresh', [
        id,
        step,
      ]);
      return rows[0]?.fresh === true;
    },

    /**
     * `codeUsed` and, when the step was fresh, `signInProved` (the team's count of wrong attempts starts
     * again) in one statement: a sign-in's two questions after its proof, one round trip.
     */
    async codeUsedAndProved(id: string, step: number): Promise<boolean> {
      const { rows } = await pool.query(
        `SELECT taken.fresh, CASE WHEN taken.fresh THEN paydesk.team_sign_in_proved($1)::text END AS proved
         FROM (SELECT paydesk.team_operator_code_used($1, $2) AS fresh) AS taken`,
        [id, step],
      );
      return rows[0]?.fresh === true;
    },

    /** Counts a wrong attempt across the team; the lockout's end (ms) when this one locked the account. */
    async signInWrong(id: string, limit: number, lockMs: number): Promise<number | undefined> {
      const { rows } = await pool.query('SELECT paydesk.team_sign_in_wrong($1, $2, $3) AS ends', [
        id,
        limit,
        Math.ceil(lockMs / 1000),
      ]);
      return endOf(rows[0]?.ends);
    },

    /** The end (ms) of the operator's lockout across the team, if they are locked. */
    async signInLockedUntil(id: string): Promise<number | undefined> {
      const { rows } = await pool.query('SELECT paydesk.team_sign_in_locked_until($1) AS ends', [id]);
      return endOf(rows[0]?.ends);
    },

    /** A proof passed: the team's count of wrong attempts starts again. */
    async signInProved(id: string): Promise<void> {
      await pool.query('SELECT paydesk.team_sign_in_proved($1)', [id]);
    },
  };
}

/** A timestamptz the database returned (node-postgres gives a Date), as epoch ms; anything else: none. */
function endOf(value: unknown): number | undefined {
  return value instanceof Date && Number.isFinite(value.getTime()) ? value.getTime() : undefined;
}
