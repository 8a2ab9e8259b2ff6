// Main's words for the connection test, the settings and keychain notices and the damaged-history notice
// in the reader's language (features/settings/words-text.ts): said from the key and values main sent, in
// English as written when main sent none (a report of a previous version) or a key this catalogue lacks.
import { wordsText } from '@renderer/lib/words-text';
import { skippedBackups } from '@renderer/shell/damage-words';
import type { HistorySalvageNotice } from '@shared/history-startup';
import type { RefusalWords } from '@shared/ipc-error';
import { describe, expect, it } from 'vitest';
import { english } from './support/english';
import { translatorFor } from './support/language';

const check = {
  message: 'Not reached: no network route to gw.example.com.',
  words: { key: 'settings.connection.check.network', values: { host: 'gw.example.com' } },
};

describe("main's words, said in the reader's language", () => {
  it('says a check in German and in Portuguese, the host as it is', () => {
    expect(wordsText(translatorFor('de'), { message: check.message, words: check.words })).toBe(
      'Nicht erreicht: Es gibt keine Netzwerkroute zu gw.example.com.',
    );
    expect(wordsText(translatorFor('pt-BR'), { message: check.message, words: check.words })).toBe(
      'Não alcançado: não há rota de rede até gw.example.com.',
    );
    expect(wordsText(english, { message: check.message, words: check.words })).toBe(check.message);
  });

  it('says a sum sentence by sentence', () => {
    const words: RefusalWords[] = [
      { key: 'settings.connection.sum.label', values: { target: 'kyc' } },
      check.words,
      { key: 'settings.connection.sum.answered', values: { target: 'payin', latency: 12 } },
    ];
    expect(wordsText(translatorFor('de'), { message: 'English', words: words })).toBe(
      'KYC: Nicht erreicht: Es gibt keine Netzwerkroute zu gw.example.com. Zahlungen: Das Gateway hat in 12 ms geantwortet.',
    );
  });

  it('keeps the English for no words, or for a key this catalogue does not know (a newer main)', () => {
    const german = translatorFor('de');
    expect(wordsText(german, { message: check.message, words: undefined })).toBe(check.message);
    expect(
      wordsText(german, {
        message: check.message,
        words: { key: 'settings.connection.check.fromTheFuture' },
      }),
    ).toBe(check.message);
    expect(wordsText(german, { message: 'All English.', words: [check.words, { key: 'no.such.key' }] })).toBe(
      'All English.',
    );
  });

  it("says a skipped backup's reason in words where main worded it, SQLite's own as it is", () => {
    const notice = {
      backupsSkipped: [
        {
          file: 'a.sqlite',
          reason: 'written by a newer Paydesk (schema 9)',
          words: { key: 'history.salvage.backup.newer', values: { version: 9 } },
        },
        { file: 'b.sqlite', reason: 'quick_check: database disk image is malformed' },
      ],
    } as HistorySalvageNotice;
    expect(skippedBackups(translatorFor('es'), notice)).toBe(
      'a.sqlite (escrita por una versión más reciente de Paydesk (esquema 9)); b.sqlite (quick_check: database disk image is malformed)',
    );
  });
});
