// History's store keeps what the team database answered instead of rows, totals or a row (issue 33): the
// English and the catalogue's words, so that the page says them in the reader's language (and again in
// another one when the reader switches). An answer without words reads as its English. (A stand-in for
// window.paydesk.)
import { useHistoryStore } from '@renderer/features/history/store';
import { wordsText } from '@renderer/lib/words-text';
import type { RefusalWords } from '@shared/refusal-words';
import { beforeEach, describe, expect, it } from 'vitest';
import { wordsIn } from '../../src/main/i18n/words';

const answers = new Map<string, unknown>();

beforeEach(() => {
  answers.clear();
  (globalThis as unknown as { window: unknown }).window = {
    paydesk: {
      invoke: async (channel: string) => ({ ok: true, data: answers.get(channel) }),
      on: () => () => undefined,
    },
  };
});

const refused = (reason: string, message: string, words?: RefusalWords) => ({
  ok: false,
  reason,
  message,
  ...(words && { words }),
});

async function settle() {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe("History's store: the team database's words", () => {
  it('keeps the words of a team problem, a totals note and a detail refusal, and says them in German', async () => {
    answers.set(
      'team.query',
      refused('unavailable', 'The team database did not answer (ETIMEDOUT).', {
        key: 'team.read.noAnswer',
        values: { error: 'ETIMEDOUT' },
      }),
    );
    answers.set(
      'team.dailyTotals',
      refused('forbidden', "This desk's team role may not read the team's totals and charts.", {
        key: 'team.read.forbiddenTotals',
      }),
    );
    answers.set(
      'team.get',
      refused('forbidden', "This desk's team role may not read this.", { key: 'team.read.forbidden' }),
    );
    useHistoryStore.getState().setSource('team');
    await settle();
    await useHistoryStore.getState().open({ id: 7, deskId: 'desk-2' });
    const { teamProblem, totalsNote, totalsError, detailError } = useHistoryStore.getState();
    expect(teamProblem?.words).toEqual({ key: 'team.read.noAnswer', values: { error: 'ETIMEDOUT' } });
    expect(totalsNote?.words).toEqual({ key: 'team.read.forbiddenTotals' });
    expect(totalsError).toBeUndefined();
    expect(detailError?.words).toEqual({ key: 'team.read.forbidden' });

    const german = await wordsIn('de');
    expect(wordsText(german, teamProblem!)).toBe(german('team.read.noAnswer', { error: 'ETIMEDOUT' }));
    expect(wordsText(german, teamProblem!)).toContain('ETIMEDOUT');
    expect(wordsText(german, teamProblem!)).not.toBe(teamProblem!.message);
    expect(wordsText(german, totalsNote!)).toBe(german('team.read.forbiddenTotals'));
    expect(wordsText(german, detailError!)).toBe(german('team.read.forbidden'));
  });

  it('reads an answer without words as its English', async () => {
    useHistoryStore.getState().setSource('desk');
    await settle();
    answers.set('team.query', refused('unavailable', 'The team database did not answer.'));
    answers.set('team.dailyTotals', refused('unavailable', 'No totals.'));
    useHistoryStore.getState().setSource('team');
    await settle();
    const { teamProblem, totalsError } = useHistoryStore.getState();
    const german = await wordsIn('de');
    expect(wordsText(german, teamProblem!)).toBe('The team database did not answer.');
    expect(wordsText(german, totalsError!)).toBe('No totals.');
  });
});
