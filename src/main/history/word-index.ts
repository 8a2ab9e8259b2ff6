// History's word index (history_words, migrations 5 and 10) for a writer of many rows at once: the salvage
// and the team restore write a whole history into a fresh file in one transaction. Through the insert
// trigger every row would write and merge an index segment of its own (a million rows: over ten minutes);
// paused, the rows go in alone and the index is then built from all of them in one pass and merged into one
// segment (about 14 s at a million rows). Both happen in the caller's transaction, so no reader ever sees
// rows without their words.
import type { DatabaseSync } from 'node:sqlite';

/** Runs `write` (inserts into history_rows) with the words trigger paused, then rebuilds the word index. */
export function withWordIndexRebuilt<T>(db: DatabaseSync, write: () => T): T {
  if (!db.isTransaction) throw new Error('The word index is paused only inside a transaction.');
  db.exec('INSERT INTO history_words_paused (id) VALUES (1)');
  const result = write();
  db.exec('DELETE FROM history_words_paused');
  db.exec("INSERT INTO history_words (history_words) VALUES ('delete-all')");
  db.exec('INSERT INTO history_words (rowid, words) SELECT id, words FROM history_words_source');
  db.exec("INSERT INTO history_words (history_words) VALUES ('optimize')");
  return result;
}
