// How every searchable select orders what matches the text typed, so that Enter (which takes the first
// match) takes the option meant. Agents type codes: "DE" must give Germany (DE), not Bangladesh, whose
// name merely holds the letters. Best first: the exact code (the label in brackets, "(DE)", or the whole
// label), then labels that begin with the text, then a word inside that does ("Pol" in "French
// Polynesia"), then the text anywhere; in the list's own order within each. Letters compare without case
// or accents ("cote" finds "Côte d’Ivoire"). Pure, for lib/SearchSelect.tsx and for Mantine's Selects
// (`rankedOptionsFilter`, imported as a type only: nothing of Mantine's reaches the pay-in page's start).
// An option may be found by other words than its label (a country by its English name and short forms,
// "UK", "USA"): such a term counts only typed whole (as an exact code) or from its start, so that it
// never puts an option before one whose own label holds the text ("kingdom" is the United Kingdom, not
// the Netherlands of "Netherlands (Kingdom of the)").
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';

export const MATCH_RANK = { code: 0, start: 1, wordStart: 2, anywhere: 3 } as const;
type MatchRank = (typeof MATCH_RANK)[keyof typeof MATCH_RANK];

const MARKS = /\p{M}/gu;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
/** "Germany (DE)" → "DE": a code shown in brackets at the label's end. */
const BRACKETED_CODE = /\(([^()]+)\)\s*$/;

/** Text as it is compared: trimmed, lower case, accents dropped. */
export function foldForSearch(text: string): string {
  return text.trim().toLowerCase().normalize('NFD').replace(MARKS, '');
}

/** Where `needle` (folded) starts a word of `haystack` (folded) other than its first, if anywhere. */
function startsAWord(haystack: string, needle: string): boolean {
  for (let at = haystack.indexOf(needle, 1); at > 0; at = haystack.indexOf(needle, at + 1)) {
    if (!WORD_CHARACTER.test(haystack[at - 1]!)) return true;
  }
  return false;
}

/** How well a label answers what was typed (`search` folded by foldForSearch); undefined: not at all. */
export function matchRank(label: string, search: string): MatchRank | undefined {
  if (search === '') return MATCH_RANK.anywhere;
  const folded = foldForSearch(label);
  const code = BRACKETED_CODE.exec(folded)?.[1]?.trim();
  if (folded === search || code === search) return MATCH_RANK.code;
  if (folded.startsWith(search)) return MATCH_RANK.start;
  if (startsAWord(folded, search)) return MATCH_RANK.wordStart;
  return folded.includes(search) ? MATCH_RANK.anywhere : undefined;
}

/** What an item is found by: its label, or its label followed by other terms. */
type TermsOf<T> = (item: T) => string | readonly string[];

/** The best rank among an item's terms for `needle` (folded); undefined: none matches. */
function termsRank(terms: string | readonly string[], needle: string): MatchRank | undefined {
  if (typeof terms === 'string') return matchRank(terms, needle);
  let best: MatchRank | undefined;
  terms.forEach((term, at) => {
    const rank = matchRank(term, needle);
    const counts = rank !== undefined && (at === 0 || rank <= MATCH_RANK.start);
    if (counts && (best === undefined || rank < best)) best = rank;
  });
  return best;
}

/**
 * The items whose label (or another of their terms) matches `search`, best first, in their own order
 * within one rank; at most `limit`. Nothing typed (blank): every item, in its own order.
 */
export function rankByLabel<T>(
  items: readonly T[],
  search: string,
  termsOf: TermsOf<T>,
  limit = Number.POSITIVE_INFINITY,
): T[] {
  const needle = foldForSearch(search);
  if (needle === '') return items.slice(0, limit);
  const ranked: { item: T; rank: MatchRank; at: number }[] = [];
  items.forEach((item, at) => {
    const rank = termsRank(termsOf(item), needle);
    if (rank !== undefined) ranked.push({ item, rank, at });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.at - b.at);
  return ranked.slice(0, limit).map((entry) => entry.item);
}

/** The best rank among a group's items for `needle`, or undefined when none matches. */
function bestRank<T>(items: readonly T[], termsOf: TermsOf<T>, needle: string): MatchRank | undefined {
  const ranks = items.map((item) => termsRank(termsOf(item), needle)).filter((rank) => rank !== undefined);
  return ranks.length === 0 ? undefined : (Math.min(...ranks) as MatchRank);
}

/**
 * Grouped items ranked without splitting a group: the groups ordered by their best match (then their own
 * order), each group's matching items ranked within it. The first item is therefore the best match of all.
 */
export function rankGroups<G, T>(
  groups: readonly G[],
  search: string,
  itemsOf: (group: G) => readonly T[],
  termsOf: TermsOf<T>,
): { group: G; items: T[] }[] {
  const needle = foldForSearch(search);
  const ranked: { group: G; items: T[]; rank: number; at: number }[] = [];
  groups.forEach((group, at) => {
    const items = itemsOf(group);
    const rank = needle === '' ? 0 : bestRank(items, termsOf, needle);
    if (rank === undefined) return;
    ranked.push({ group, items: rankByLabel(items, search, termsOf), rank, at });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.at - b.at);
  return ranked.map(({ group, items }) => ({ group, items }));
}

const isGroup = (item: ComboboxParsedItem): item is Extract<ComboboxParsedItem, { group: unknown }> =>
  'group' in item;

/**
 * The same ranking as Mantine's `filter` for a searchable Select (its default keeps the list's order, so
 * Enter after "DE" would take the first country that holds the letters). Loose options (not in a group)
 * count as a group of their own each.
 */
export const rankedOptionsFilter: OptionsFilter = ({ options, search, limit }) => {
  const groups = rankGroups(
    options,
    search,
    (entry) => (isGroup(entry) ? entry.items : [entry]),
    (item: ComboboxItem) => item.label,
  );
  const result: ComboboxParsedItem[] = [];
  let left = limit;
  for (const { group, items } of groups) {
    if (left <= 0) break;
    const kept = items.slice(0, left);
    left -= kept.length;
    result.push(isGroup(group) ? { group: group.group, items: kept } : kept[0]!);
  }
  return result;
};
