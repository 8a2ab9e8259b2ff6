// The damaged-history notice's words (issue 33): counts are plurals of the language, amounts in its
// way, the order numbers and ids as they are, and at most ten of each list with how many more.

import { missingRanges, orderList } from '@renderer/shell/damage-words';
import type { HistorySalvageNotice, SalvageOrderRef } from '@shared/history-startup';
import { describe, expect, it } from 'vitest';
import { english } from './support/english';
import { translatorFor } from './support/language';

const ref = (index: number): SalvageOrderRef => ({
  historyId: index,
  merchantTradeNo: `PD-${index}`,
  amount: '1234.50',
  currency: 'EUR',
  status: 'outcome_unknown',
});

describe('the damaged-history notice in words', () => {
  it('lists ten orders and how many more, each amount as the language writes it', () => {
    const refs = Array.from({ length: 12 }, (_, index) => ref(index + 1));
    const english12 = orderList(english, 'en', refs);
    expect(english12).toMatch(/^PD-1 \(€1,234\.50\), PD-2 .* PD-10 \(€1,234\.50\) and 2 more$/);
    expect(orderList(translatorFor('de'), 'de', refs.slice(0, 1))).toBe('PD-1 (1.234,50\u00a0€)');
    expect(orderList(translatorFor('de'), 'de', refs)).toMatch(/PD-10 \(1\.234,50\s€\) und 2 weitere$/);
  });

  it('writes the missing ids as ranges, ten at most', () => {
    const notice = {
      missingRows: [[3, 3], [5, 9], ...Array.from({ length: 10 }, (_, index) => [20 + index, 20 + index])],
    } as unknown as HistorySalvageNotice;
    expect(missingRanges(notice)).toBe('3, 5–9, 20, 21, 22, 23, 24, 25, 26, 27, …');
  });

  it('counts rows in the language’s plurals, one row and many alike', () => {
    const values = {
      rows: 1,
      backup: 'no backup could be used,',
      fromDamaged: 1,
      fromLog: 0,
      entriesRecovered: 1,
      entriesMissing: 2,
    };
    expect(english('shell.damage.recovered', values)).toBe(
      "<0>1 row recovered</0>: no backup could be used, 1 read from the damaged file, 0 rebuilt from Paydesk's log. Audit entries: 1 recovered, 2 missing.",
    );
    expect(english('shell.damage.missing', { count: 1, ids: '7' })).toBe(
      "<0>1 row could not be recovered</0> (history id 7): it is missing from this desk's history.",
    );
    expect(english('shell.damage.mismatched', { count: 1 })).toMatch(/^1 row no longer matches .* flags it,/);
    const german = translatorFor('de');
    expect(german('shell.damage.missing', { count: 2, ids: '7–8' })).toBe(
      '<0>2 Zeilen konnten nicht wiederhergestellt werden</0> (Verlaufs-IDs 7–8) – sie fehlen im Verlauf dieses Arbeitsplatzes.',
    );
    expect(translatorFor('es')('shell.damage.recovered', { ...values, rows: 20000 })).toMatch(
      /^<0>20\.000 filas recuperadas<\/0>: .* 1 leída del archivo dañado, 0 reconstruidas/,
    );
  });
});
