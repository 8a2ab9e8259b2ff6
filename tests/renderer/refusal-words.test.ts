// A refusal of main's reads in the reader's language (issue 33, item 2): main sends the catalogue's key and
// values with its English message (main/i18n/refuse.ts), and the renderer's call() says it in the active
// language; a key its catalogue lacks falls back to main's English. (A stand-in for window.paydesk.)
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { i18n } from '@renderer/i18n/i18n';
import { call, PaydeskError } from '@renderer/lib/paydesk';
import german from '@shared/i18n/catalogs/de.json';
import portuguese from '@shared/i18n/catalogs/pt-BR.json';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../src/main/i18n/refuse';

const CATALOGS = { de: german, 'pt-BR': portuguese };

function speak(language: keyof typeof CATALOGS) {
  const messages = Object.fromEntries(
    Object.entries(CATALOGS[language]).map(([key, message]) => [key, compileMessageOrThrow(message)]),
  );
  i18n.loadAndActivate({ locale: language, messages });
}

function mainAnswers(error: unknown) {
  (globalThis as unknown as { window: unknown }).window = {
    paydesk: { invoke: async () => ({ ok: false, error }), on: () => () => undefined },
  };
}

async function refusedWith(error: unknown): Promise<PaydeskError> {
  mainAnswers(error);
  const thrown = await call('app.info').then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(thrown).toBeInstanceOf(PaydeskError);
  return thrown as PaydeskError;
}

describe('a worded refusal', () => {
  it('is made in English for the log, with its key and values for the reader', () => {
    const refused = refusal('conflict', 'refusal.payin.onItsWay', { order: 'PD-1' }, 'historyId');
    expect(refused.toIpcError()).toEqual({
      kind: 'conflict',
      message: 'A request for order PD-1 is already on its way to the gateway: its answer will show here.',
      field: 'historyId',
      words: { key: 'refusal.payin.onItsWay', values: { order: 'PD-1' } },
    });
  });

  it('reads in the active language, its values in place, its kind and field kept', async () => {
    const answer = refusal('conflict', 'refusal.payin.onItsWay', { order: 'PD-7' }, 'historyId').toIpcError();
    speak('de');
    const inGerman = await refusedWith(answer);
    expect(inGerman.message).toBe(
      'Eine Anfrage zur Bestellung PD-7 ist bereits unterwegs zum Gateway: Die Antwort erscheint hier.',
    );
    expect(inGerman).toMatchObject({ kind: 'conflict', field: 'historyId' });
    speak('pt-BR');
    expect((await refusedWith(answer)).message).toBe(
      'Uma solicitação do pedido PD-7 já está a caminho do gateway: a resposta aparecerá aqui.',
    );
  });

  it('names a built-in role and a permission sent by their codes in the active language', async () => {
    const forbidden = {
      kind: 'forbidden',
      message:
        'Your role (Agent) does not allow this (Check the audit trail). A supervisor can do it, or change your role.',
      words: {
        key: 'refusal.session.forbidden',
        values: { role: 'Agent', permission: 'Check the audit trail' },
        roles: { role: 'agent' },
        permissions: { permission: 'history.verify' },
      },
    };
    speak('de');
    expect((await refusedWith(forbidden)).message).toBe(
      `Ihre Rolle (${german['role.agent']}) erlaubt das nicht (${german['settings.roles.permission.history.verify']}). Ein Supervisor kann es tun oder Ihre Rolle ändern.`,
    );
    // A desk's own role has no catalogue name: the name its supervisor gave it, as main sent it.
    const own = { ...forbidden.words, values: { ...forbidden.words.values, role: 'Night shift' }, roles: {} };
    expect((await refusedWith({ ...forbidden, words: own })).message).toMatch(/^Ihre Rolle \(Night shift\)/);
  });

  it('falls back to main’s English for a key this catalogue lacks, and for a refusal without words', async () => {
    speak('de');
    const unknownKey = await refusedWith({
      kind: 'conflict',
      message: 'A newer main’s refusal.',
      words: { key: 'refusal.fromTheFuture', values: {} },
    });
    expect(unknownKey.message).toBe('A newer main’s refusal.');
    const plain = await refusedWith({ kind: 'invalid', message: 'Not worded yet.' });
    expect(plain.message).toBe('Not worded yet.');
  });
});
