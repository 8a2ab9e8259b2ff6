// History's search indexes (the word index history_words, migrations 5 and 10; the identifiers'
// indexes history_ids_<column>, migration 11) for a writer of many rows at once: the salvage and the team restore write
// a whole history into a fresh file in one transaction. Through the insert triggers every row would write and
// merge an index segment of its own (a million rows: over ten minutes); paused, the rows go in alone and
// each index is then built from all of them in one pass and merged into one segment (about 14 s at a million
// rows for the words). Both happen in the caller's transaction, so no reader ever sees rows without them.
import type { DatabaseSync } from 'node:sqlite';
import { ID_INDEXES } from '../store/migrations/search-indexes';

/** Runs `write` (inserts into history_rows) with the index triggers paused, then rebuilds both indexes. */
export function withWordIndexRebuilt<T>(db: DatabaseSync, write: () => T): T {
  if (!db.isTransaction) throw new Error('The word index is paused only inside a transaction.');
  db.exec('INSERT INTO history_words_paused (id) VALUES (1)');
  const result = write();
  db.exec('DELETE FROM history_words_paused');
  db.exec("INSERT INTO history_words (history_words) VALUES ('delete-all')");
  db.exec('INSERT INTO history_words (rowid, words) SELECT id, words FROM history_words_source');
  db.exec("INSERT INTO history_words (history_words) VALUES ('optimize')");
  for (const column of ID_INDEXES) {
    const index = `history_ids_${column}`;
    db.exec(`INSERT INTO ${index} (${index}) VALUES ('delete-all')`);
    db.exec(`INSERT INTO ${index} (rowid, runs) SELECT id, ${column} FROM history_ids_source`);
    db.exec(`INSERT INTO ${index} (${index}) VALUES ('optimize')`);
  }
  return result;
}
