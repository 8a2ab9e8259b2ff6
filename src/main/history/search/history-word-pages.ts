// The page of a word search (a name, a word of a decline reason) or of a part of an identifier ("cust-5005",
// the end of an order number: the identifiers' indexes, migration 11) sorted by time, without reading every
// match. Through the rows' indexes, a common word meant reading and sorting every row it matches — 36,000
// for a decline reason at a million rows, 57–96 ms. The full-text index gives its matches in its own rowid
// order, which is row id order, and row ids follow time as far as the desk's clock did: so the page is
// looked for newest first along the index, and the walk stops once the blocks of ids not yet read cannot
// hold a row that would enter the page. Each block of 4,096 ids keeps the earliest and latest time of its
// rows (history_time_blocks, migration 8): a block whose rows came out of time order (a clock set back, a
// salvaged or restored history) is read alone, by its id range, when its span says it could matter.
// The result is the same page, in the same order, as the indexes give; tests hold the two equal.
import type { HistoryFilter } from '@shared/history';
import type { HistoryDb } from '../store/history-db';
import {
  decodeCursor,
  filterWhere,
  idPartInRows,
  idPartMatches,
  idPartQuery,
  lowerAscii,
  SORTS,
  type SqlParams,
  textConditionWithoutIndexes,
  wordsQuery,
} from './filter-sql';

/** Ids per block of history_time_blocks: `id >> BLOCK_SHIFT`. */
const BLOCK_SHIFT = 12;
/** Index entries read per step of the walk. */
const STEP = 256;
/** At most this many rows matched by the search's other terms (identifiers, card, amount) for this walk. */
const OTHER_MATCHES = 2_000;

type Key = { id: number; at: number };
type Block = { block: number; min: number; max: number };

/** Whether `a` comes before `b` in the page's order. */
function before(a: Key, b: Key, descending: boolean): boolean {
  if (a.at !== b.at) return descending ? a.at > b.at : a.at < b.at;
  return descending ? a.id > b.id : a.id < b.id;
}

/** The `want` first keys of `keys` in the page's order (ids unique). */
function firstOf(keys: Map<number, Key>, want: number, descending: boolean): Key[] {
  return [...keys.values()].sort((a, b) => (before(a, b, descending) ? -1 : 1)).slice(0, want);
}

/**
 * The row ids an index matches, as SQL (`condition` on its rowid): the word index for the search's words, the
 * identifiers' indexes (migration 11) for a part of an identifier. Both are walked as one, in rowid
 * order (SQLite merges the two ordered scans: MERGE (UNION)).
 */
function indexMatches(search: { words?: string; idPart?: string }, condition: string): string[] {
  const sources: string[] = [];
  if (search.words !== undefined)
    sources.push(`SELECT rowid AS id FROM history_words WHERE history_words MATCH :words AND ${condition}`);
  if (search.idPart !== undefined) sources.push(...idPartMatches(condition));
  return sources;
}

/**
 * The ids of a word or identifier search's page (one more than its limit, when there are), or undefined when
 * this walk does not apply: nothing in the search for the full-text indexes, a sort by amount, or an offset.
 */
export function searchPageByWords(
  prepare: HistoryDb['prepare'],
  filter: HistoryFilter,
): number[] | undefined {
  if (filter.text === undefined || filter.offset !== undefined) return undefined;
  const words = wordsQuery(filter.text);
  const idPart = idPartQuery(filter.text);
  const { column, direction } = SORTS[filter.sort];
  if ((words === undefined && idPart === undefined) || column !== 'created_at') return undefined;
  const search: { words?: string; idPart?: string } = {
    ...(words !== undefined && { words }),
    ...(idPart !== undefined && { idPart }),
  };
  const descending = direction === 'DESC';
  const want = filter.limit + 1;

  // Every other condition of the filter (profile, status, dates, the cursor): the candidates must pass it.
  const { whereText, params } = filterWhere({ ...filter, text: undefined }, true);
  const found = new Map<number, Key>();
  const keep = (rows: Record<string, unknown>[]) => {
    for (const row of rows) found.set(Number(row.id), { id: Number(row.id), at: Number(row.created_at) });
  };

  // What the search matches other than through the indexes (a short identifier, a card, an amount): few rows, read
  // through each term's own index (the subquery holds only the terms, so SQLite takes them one index at
  // a time rather than walking the list by time), then held to the filter. Past OTHER_MATCHES they are
  // not few: the indexes' own page (history-queries.ts) answers instead.
  const otherParams: SqlParams = { most: OTHER_MATCHES + 1 };
  const other = textConditionWithoutIndexes(filter.text, otherParams);
  const otherIds = prepare(`SELECT id FROM history_rows WHERE ${other} LIMIT :most`)
    .all(otherParams)
    .map((row) => Number(row.id));
  if (otherIds.length > OTHER_MATCHES) return undefined;
  // A part of an identifier that few rows hold is read whole, in the index's own order, and joins them:
  // newest first, FTS5 checks a rare phrase several times slower (8 against 2 ms for a whole orderId at a
  // million rows). One held by many is walked below, where the newest matches fill the page at once.
  if (search.idPart !== undefined) {
    const few = prepare(`${idPartMatches().join(' UNION ')} LIMIT :most`)
      .all({ idPart: search.idPart, most: OTHER_MATCHES + 1 })
      .map((row) => Number(row.id));
    if (few.length <= OTHER_MATCHES) {
      otherIds.push(...few);
      delete search.idPart;
    }
  }

  const passing = prepare(
    `SELECT id, created_at FROM history_rows WHERE id IN (SELECT value FROM json_each(:ids))${whereText ? ` AND ${whereText.slice('WHERE '.length)}` : ''}`,
  );
  const test = (ids: number[]) => {
    if (ids.length > 0) keep(passing.all({ ...params, ids: JSON.stringify(ids) }));
  };
  test(otherIds);
  // Every match is among those already read: nothing to walk.
  if (search.words === undefined && search.idPart === undefined) {
    return firstOf(found, want, descending).map((key) => key.id);
  }
  const walk = prepare(
    `${indexMatches(search, descending ? 'rowid < :from' : 'rowid > :from').join(' UNION ')}
      ORDER BY 1 ${descending ? 'DESC' : 'ASC'} LIMIT ${STEP}`,
  );
  const spanOf = prepare(
    'SELECT min(created_at) AS lo, max(created_at) AS hi FROM history_rows WHERE id BETWEEN :low AND :high',
  );
  // A block read alone: its words through the word index, its identifiers from its rows (idPartInRows).
  const inRange = prepare(
    [
      ...indexMatches(
        { ...(search.words !== undefined && { words: search.words }) },
        'rowid BETWEEN :low AND :high',
      ),
      ...(search.idPart !== undefined ? [idPartInRows('id BETWEEN :low AND :high')] : []),
    ].join(' UNION '),
  );
  const idText = lowerAscii(filter.text);

  const blocks: Block[] = prepare(
    'SELECT block, min_created, max_created FROM history_time_blocks ORDER BY block',
  )
    .all()
    .map((row) => ({ block: Number(row.block), min: Number(row.min_created), max: Number(row.max_created) }));
  // A later page: blocks whose every row comes before the cursor hold nothing for it.
  const after =
    filter.cursor === undefined ? undefined : Number(decodeCursor(filter.sort, filter.cursor).key);
  const pastCursor = (block: Block) =>
    after === undefined || (descending ? block.min <= after : block.max >= after);
  /** Whether a block could hold a row of the page that comes before `worst` (ties kept). */
  const couldEnter = (block: Block, worst: Key) =>
    pastCursor(block) && (descending ? block.max >= worst.at : block.min <= worst.at);

  // Walk the index from the newest end (or the oldest, sorting oldest first) a step at a time, from the
  // first block that holds a row past the cursor.
  const startBlock = descending ? blocks.findLast(pastCursor) : blocks.find(pastCursor);
  if (startBlock === undefined) return firstOf(found, want, descending).map((key) => key.id);
  let from = descending ? (startBlock.block + 1) << BLOCK_SHIFT : (startBlock.block << BLOCK_SHIFT) - 1;
  for (;;) {
    const ids = walk.all({ ...search, from }).map((row) => Number(row.id));
    test(ids);
    if (ids.length < STEP) return firstOf(found, want, descending).map((key) => key.id);
    from = ids[ids.length - 1] as number;
    const page = firstOf(found, want, descending);
    if (page.length < want) continue;
    // The page is full: what the walk has not read can matter only where a row newer (older, sorting
    // oldest first) than the page's last could be. The rest of `from`'s own block is bounded exactly by
    // its rows' times; each block beyond by its span. Those that could are read alone, by their ids, the
    // page narrowed after each; then the page is whole.
    const fromBlock = from >> BLOCK_SHIFT;
    const partial = descending
      ? { low: fromBlock << BLOCK_SHIFT, high: from - 1 }
      : { low: from + 1, high: ((fromBlock + 1) << BLOCK_SHIFT) - 1 };
    const span = partial.low <= partial.high ? spanOf.get(partial) : undefined;
    const partialBlock: Block | undefined =
      span?.lo === null || span?.lo === undefined
        ? undefined
        : { block: fromBlock, min: Number(span.lo), max: Number(span.hi) };
    // Nearest first: the rest of this block, then the blocks beyond it in the walk's direction.
    const beyond = blocks.filter((block) => (descending ? block.block < fromBlock : block.block > fromBlock));
    if (descending) beyond.reverse();
    const rest = [
      ...(partialBlock ? [{ block: partialBlock, ...partial }] : []),
      ...beyond.map((block) => ({
        block,
        low: block.block << BLOCK_SHIFT,
        high: ((block.block + 1) << BLOCK_SHIFT) - 1,
      })),
    ];
    // The page is sorted again only when a block read added rows: most blocks are passed on their span.
    let current = page;
    for (const { block, low, high } of rest) {
      if (!couldEnter(block, current[want - 1] as Key)) continue;
      const size = found.size;
      const blockParams = {
        low,
        high,
        ...(search.words !== undefined && { words: search.words }),
        ...(search.idPart !== undefined && { idText }),
      };
      test(inRange.all(blockParams).map((row) => Number(row.id)));
      if (found.size !== size) current = firstOf(found, want, descending);
    }
    return current.map((key) => key.id);
  }
}
