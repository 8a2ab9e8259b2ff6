// The migrations that add a column of the row table (src/shared/history-row.ts) to a history file, made
// from the table: a column whose `added.history` is past the last written migration (migrations.ts) gets
// its ALTER TABLE here, and the team payload view (migration 6's team_row_payload) is made again with it,
// so that team mode replicates it. Like a written migration, what one of these makes never changes once
// shipped: the column's entry is not edited, a later change is a migration of its own.
// The team database's migration (team-migrations.ts) is written by hand; teamColumnsSql gives its SQL.
import { type ColumnSpec, HISTORY_COLUMNS } from '@shared/history-row';

/** A history migration (migrations.ts's Migration). */
type Migration = { version: number; description: string; up: string; unless: string };

const COLUMNS: readonly ColumnSpec[] = HISTORY_COLUMNS;

/** The team_row_payload view over the columns the file has at `version`. */
function teamPayloadView(columns: readonly ColumnSpec[], version: number): string {
  const members = columns.flatMap((spec) => {
    if (spec.team === null || (spec.added && spec.added.history > version)) return [];
    return [`'${spec.team}', ${spec.teamText ? `CAST(${spec.sql} AS TEXT)` : spec.sql}`];
  });
  return `CREATE VIEW team_row_payload AS SELECT id, json_object(${members.join(', ')}) AS payload FROM history_rows;`;
}

/**
 * The migrations adding the table's columns that no written migration adds (`written`: migrations.ts's;
 * `columns`: the row table, or in a test the table with a column more).
 */
export function columnMigrations(
  written: readonly { version: number }[],
  columns: readonly ColumnSpec[] = COLUMNS,
): Migration[] {
  const last = written[written.length - 1]?.version ?? 0;
  const byVersion = new Map<number, ColumnSpec[]>();
  for (const spec of columns) {
    if (!spec.added || spec.added.history <= last) continue;
    byVersion.set(spec.added.history, [...(byVersion.get(spec.added.history) ?? []), spec]);
  }
  const versions = [...byVersion.keys()].sort((a, b) => a - b);
  return versions.map((version, index) => {
    if (version !== last + index + 1) {
      throw new Error(`History migration ${version} would leave a gap after ${last + index}.`);
    }
    const added = byVersion.get(version) ?? [];
    const replicated = added.some((spec) => spec.team !== null);
    const names = added.map((spec) => `'${spec.sql}'`).join(', ');
    return {
      version,
      // A file already holding the columns (one whose version was set back, as a test does) is left as it is.
      unless: `SELECT 1 FROM pragma_table_info('history_rows') WHERE name IN (${names})`,
      description: `history_rows gains ${added.map((spec) => spec.sql).join(', ')} (the row table's columns)`,
      up: [
        ...added.map(
          (spec) => `ALTER TABLE history_rows ADD COLUMN ${spec.sql} ${spec.definition ?? spec.type};`,
        ),
        // The outbox triggers name the view and look it up when they fire: it can be made again under them.
        ...(replicated ? ['DROP VIEW team_row_payload;', teamPayloadView(columns, version)] : []),
      ].join('\n'),
    };
  });
}
