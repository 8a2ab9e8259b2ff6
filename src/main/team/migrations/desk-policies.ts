// The row-level security of a table of desks' own rows (migrations 1 and 4): a desk's role reads what it
// wrote and writes only under a desk id registered to it; a supervisor's role reads everything. The text is
// part of those migrations as shipped: never change it (tests/unit/shipped-migrations.test.ts holds it).

/** A row written by a desk's role carries that role, and a desk id registered to it. */
export const ownDeskCheck = (table: string) => `WITH CHECK (db_role = current_user AND EXISTS (
          SELECT 1 FROM paydesk.desks AS d WHERE d.desk_id = ${table}.desk_id AND d.db_role = current_user))`;

/** A desk reads and inserts its own rows, and updates them when `updates`; a supervisor reads all. */
export function deskRowPolicies(table: string, { updates = false } = {}): string {
  const update = `
      CREATE POLICY desk_updates_own ON paydesk.${table} FOR UPDATE TO paydesk_desk
        USING (db_role = current_user)
        ${ownDeskCheck(table)};`;
  return `CREATE POLICY desk_reads_own ON paydesk.${table} FOR SELECT TO paydesk_desk
        USING (db_role = current_user);
      CREATE POLICY desk_inserts_own ON paydesk.${table} FOR INSERT TO paydesk_desk
        ${ownDeskCheck(table)};${updates ? update : ''}
      CREATE POLICY supervisor_reads ON paydesk.${table} FOR SELECT TO paydesk_supervisor USING (true);`;
}
