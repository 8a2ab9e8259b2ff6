// What main derives from the history row's table (src/shared/history-row.ts): the column lists each part
// of the history and of team mode reads and writes, and the SQL they are written into. Nothing here
// lists a column by hand; a column's place in each list is its place in the table (the file's order),
// except the digest's and the CSV's, which are fixed by the entry itself.
import { type ColumnSpec, HISTORY_COLUMNS, type HistoryColumnName } from '@shared/history-row';

const COLUMNS: readonly ColumnSpec[] = HISTORY_COLUMNS;

/** A column by its SQL name. */
export function columnNamed(name: string): ColumnSpec | undefined {
  return COLUMNS.find((spec) => spec.sql === name);
}

/** history_rows's columns in the file's order. */
export const FILE_COLUMNS: readonly HistoryColumnName[] = HISTORY_COLUMNS.map((spec) => spec.sql);

/** The keyed row digest's columns, in their fixed order (row-digest.ts). */
export const DIGEST_ORDER: readonly HistoryColumnName[] = HISTORY_COLUMNS.flatMap((spec) =>
  spec.digest === null ? [] : [{ name: spec.sql, at: spec.digest }],
)
  .sort((a, b) => a.at - b.at)
  .map((entry) => entry.name);

/** The columns the contract's rows read (a field of some kind of row), in the file's order. */
export const CONTRACT_COLUMNS: readonly HistoryColumnName[] = HISTORY_COLUMNS.filter(
  (spec) => 'field' in spec,
).map((spec) => spec.sql);

/** The contract's fields of the columns with a digest place: what a legacy entry's row digest hashed. */
export const DIGEST_FIELDS: readonly string[] = COLUMNS.flatMap((spec) =>
  spec.digest !== null && spec.field !== undefined ? [spec.field] : [],
);

/** Columns the history file holds as INTEGER: SQLite's quote() prints them bare, PostgreSQL as bigint. */
export const INTEGER_COLUMNS: ReadonlySet<string> = new Set(
  COLUMNS.filter((spec) => spec.type === 'INTEGER').map((spec) => spec.sql),
);

/** Columns a salvage carries into the fresh file, after id, in the file's order. */
export const SALVAGED_COLUMNS: readonly HistoryColumnName[] = HISTORY_COLUMNS.filter(
  (spec) => spec.salvage && spec.sql !== 'id',
).map((spec) => spec.sql);

/** How many values a history_rows record of the first schema has (columns added later come after them). */
export const FIRST_SCHEMA_WIDTH = COLUMNS.filter((spec) => spec.added === undefined).length;

/**
 * The replicated columns: the history file's name, the team database's name, its PostgreSQL type, and the
 * team migration that made it (`since`: a team database below it has no such column).
 */
export const TEAM_COLUMNS: readonly {
  sql: string;
  team: string;
  pgType: 'bigint' | 'text';
  since: number;
}[] = COLUMNS.flatMap((spec) =>
  spec.team === null
    ? []
    : [
        {
          sql: spec.sql,
          team: spec.team,
          pgType: spec.type === 'INTEGER' ? 'bigint' : 'text',
          since: spec.added?.team ?? 1,
        } as const,
      ],
);

/** The team database's column of `sql` read under the history file's name (`table`: e.g. 'r.'). */
export function teamColumnAs(sql: string, table = ''): string {
  const team = TEAM_COLUMNS.find((column) => column.sql === sql)?.team ?? sql;
  return team === sql ? `${table}${sql}` : `${table}${team} AS ${sql}`;
}

/** Values of a new row by column name: only names of the table are taken, never a caller's. */
export type ColumnValues = Partial<Record<HistoryColumnName, string | number | bigint | null>>;

/** The INSERT of a row with `values` (named parameters, one per column given). */
export function insertSql(values: ColumnValues): string {
  const names = Object.keys(values);
  for (const name of names) {
    if (!columnNamed(name)) throw new Error(`history_rows has no column ${name}.`);
  }
  return `INSERT INTO history_rows (${names.join(', ')}) VALUES (${names.map((name) => `:${name}`).join(', ')})`;
}

/** The column of a contract field (undefined for what is not a column: a change's operator, its edits). */
export function columnOfField(field: string): ColumnSpec | undefined {
  return COLUMNS.find((spec) => spec.field === field);
}
