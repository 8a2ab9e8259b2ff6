// The order every searchable select lists its matches in (lib/search-rank.ts), on the real country list:
// what an agent types first must be what Enter takes.

import type { ComboboxParsedItem } from '@mantine/core';
import { countryOptions } from '@renderer/lib/countries';
import {
  foldForSearch,
  MATCH_RANK,
  matchRank,
  rankByLabel,
  rankedOptionsFilter,
} from '@renderer/lib/search-rank';
import { describe, expect, it } from 'vitest';

const countries = countryOptions();
const firstCountry = (typed: string) => rankByLabel(countries, typed, (option) => option.label)[0]?.label;
const labels = (typed: string, limit?: number) =>
  rankByLabel(countries, typed, (option) => option.label, limit).map((option) => option.label);

describe('countries as agents type them', () => {
  it.each([
    ['DE', 'Germany (DE)'],
    ['de', 'Germany (DE)'],
    ['US', 'United States (US)'],
    ['GB', 'United Kingdom (GB)'],
    ['AT', 'Austria (AT)'],
    ['Pol', 'Poland (PL)'],
    ['pol', 'Poland (PL)'],
    ['ger', 'Germany (DE)'],
    ['kingdom', 'United Kingdom (GB)'],
    ['zealand', 'New Zealand (NZ)'],
    ['cote', 'Côte d’Ivoire (CI)'],
  ])('"%s" puts %s first', (typed, expected) => {
    expect(firstCountry(typed)).toBe(expected);
  });

  it('an exact code, then names that begin with the text, then word starts, then the rest', () => {
    const found = labels('de');
    expect(found[0]).toBe('Germany (DE)');
    // Names beginning with "De…" follow the code, before names holding it elsewhere.
    expect(found[1]).toBe('Denmark (DK)');
    const bangladesh = found.indexOf('Bangladesh (BD)');
    expect(bangladesh).toBeGreaterThan(found.indexOf('Denmark (DK)'));

    const pol = labels('pol');
    expect(pol.indexOf('Poland (PL)')).toBeLessThan(pol.indexOf('French Polynesia (PF)'));
    expect(labels('us').indexOf('United States (US)')).toBeLessThan(labels('us').indexOf('Australia (AU)'));
  });

  it('keeps the list’s order within one rank, and the limit keeps the best', () => {
    expect(labels('aus')).toEqual(['Australia (AU)', 'Austria (AT)']);
    expect(labels('de', 1)).toEqual(['Germany (DE)']);
    expect(labels('xyzzy')).toEqual([]);
    expect(labels('   ')).toHaveLength(countries.length);
  });
});

describe('matchRank', () => {
  it('names the rank of each kind of match', () => {
    const rank = (label: string, typed: string) => matchRank(label, foldForSearch(typed));
    expect(rank('Germany (DE)', 'de')).toBe(MATCH_RANK.code);
    expect(rank('Sandbox', 'sandbox')).toBe(MATCH_RANK.code);
    expect(rank('Denmark (DK)', 'de')).toBe(MATCH_RANK.start);
    expect(rank('French Polynesia (PF)', 'pol')).toBe(MATCH_RANK.wordStart);
    expect(rank('Guinea-Bissau (GW)', 'bis')).toBe(MATCH_RANK.wordStart);
    expect(rank('Bangladesh (BD)', 'de')).toBe(MATCH_RANK.anywhere);
    expect(rank('Bangladesh (BD)', 'xy')).toBeUndefined();
  });
});

describe('rankedOptionsFilter (Mantine’s searchable Selects)', () => {
  const options: ComboboxParsedItem[] = [
    { value: 'ignore', label: 'Ignore this column' },
    { value: 'email', label: 'E-mail — email (required)' },
    { value: 'mobile', label: 'Mobile number — mobile (required)' },
    { value: 'iddCode', label: 'Calling code — iddCode (required)' },
    { value: 'middleName', label: 'Middle name — middleName' },
  ];

  it('ranks loose options like the pay-in form’s select', () => {
    const found = rankedOptionsFilter({ options, search: 'M', limit: Number.POSITIVE_INFINITY });
    expect(found.map((item) => ('value' in item ? item.value : item.group))).toEqual([
      'mobile',
      'middleName',
      'email',
      'ignore',
    ]);
  });

  it('keeps a group together, its best match first, and honours the limit', () => {
    const grouped: ComboboxParsedItem[] = [
      { group: 'Declines', items: [{ value: 'd1', label: 'Decline: expired (Visa)' }] },
      {
        group: 'Approvals',
        items: [
          { value: 'a2', label: 'Approve after 3-D Secure (Visa)' },
          { value: 'a1', label: 'Approve (Visa)' },
        ],
      },
    ];
    const found = rankedOptionsFilter({ options: grouped, search: 'approve (visa', limit: 5 });
    expect(found).toEqual([{ group: 'Approvals', items: [{ value: 'a1', label: 'Approve (Visa)' }] }]);
    const visa = rankedOptionsFilter({ options: grouped, search: 'visa', limit: 2 });
    expect(visa).toEqual([
      { group: 'Declines', items: [{ value: 'd1', label: 'Decline: expired (Visa)' }] },
      { group: 'Approvals', items: [{ value: 'a2', label: 'Approve after 3-D Secure (Visa)' }] },
    ]);
  });
});
