import { SANDBOX_PROFILE } from '@shared/profile';
import { describe, expect, it } from 'vitest';
import { inEnglish, wordsIn } from '../../src/main/i18n/words';
import { createIpcDispatcher, type IpcHandlers } from '../../src/main/ipc/dispatch';
import { Refusal } from '../../src/main/refusal';
import type { MessageKey } from '../../src/shared/i18n/messages';
import { expectWords } from '../support/app/refusal';

const settingsView = {
  settings: {
    operatorName: 'Ana',
    activeProfileId: 'sandbox',
    profiles: [SANDBOX_PROFILE],
    idleLockMinutes: 15,
    languages: {},
  },
  secretSet: { sandbox: false },
  notices: [],
};

function handlers(overrides: Partial<IpcHandlers>): IpcHandlers {
  const missing = async () => {
    throw new Error('not wired in this test');
  };
  return new Proxy(overrides as IpcHandlers, {
    get: (target, name: string) => target[name as keyof IpcHandlers] ?? missing,
  });
}

describe('IPC dispatcher', () => {
  const internalErrors: unknown[] = [];
  const dispatch = createIpcDispatcher(
    handlers({
      'settings.get': async () => settingsView,
      'settings.update': async (input) => ({
        ...settingsView,
        settings: { ...settingsView.settings, idleLockMinutes: input.idleLockMinutes ?? 15 },
      }),
      'payin.askAgain': async () => {
        throw new Refusal('not_found', 'No pay-in with that id.', 'historyId');
      },
      'profiles.remove': async () => {
        throw new Error('disk on fire');
      },
      'profiles.activate': async () => ({ wrong: 'shape' }) as never,
    }),
    (_channel, error) => internalErrors.push(error),
  );

  it('answers a valid call with its data', async () => {
    expect(await dispatch('settings.update', { idleLockMinutes: 20 })).toMatchObject({
      ok: true,
      data: { settings: { idleLockMinutes: 20 } },
    });
  });

  it('refuses a channel outside the contract, including prototype keys', async () => {
    expect(await dispatch('shell.exec', {})).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await dispatch('__proto__', {})).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await dispatch('constructor', {})).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    const unknown = await dispatch('shell.exec', {});
    if (unknown.ok) throw new Error('an unknown channel was answered');
    expectWords(unknown.error, 'refusal.ipc.unknownChannel', { channel: 'shell.exec' });
    expect(unknown.error.message).toBe('Unknown channel shell.exec.');
  });

  it('words a refinement over several fields the catalogue has words for: History’s date range', async () => {
    const result = await dispatch('history.query', { from: 2000, to: 1000 });
    if (result.ok) throw new Error('a range ending before it starts was taken');
    expect(result.error).toMatchObject({ kind: 'invalid', field: 'from' });
    expect(result.error.words).toEqual({ key: 'refusal.history.fromAfterTo' });
    // The schema's English is the key's English, and the message keeps the field before it (the log's).
    expect(result.error.message).toBe(`from: ${inEnglish()('refusal.history.fromAfterTo')}`);
    expect((await wordsIn('de'))('refusal.history.fromAfterTo')).toBe(
      'Der Beginn des Zeitraums liegt nach seinem Ende.',
    );
    const both = await dispatch('history.query', { cursor: 'abc', offset: 50 });
    if (both.ok) throw new Error('a cursor and an offset were taken');
    expect(both.error.message).toBe(`cursor: ${inEnglish()('refusal.history.cursorAndOffset')}`);
  });

  it('refuses invalid input with the field it concerns, before any handler runs', async () => {
    const result = await dispatch('settings.update', { idleLockMinutes: 241 });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid', field: 'idleLockMinutes' } });
    const extra = await dispatch('settings.update', { idleLockMinutes: 20, isAdmin: true });
    expect(extra).toMatchObject({ ok: false, error: { kind: 'invalid' } });
  });

  it('words an input check zod worded by its issue code, for the reader’s language; a schema’s own words stay', async () => {
    const result = await dispatch('settings.update', { idleLockMinutes: 241 });
    if (result.ok) throw new Error('241 minutes were taken');
    // main's English stays zod's (the log's); the words are the catalogue's, per issue code.
    expect(result.error.message).toBe('idleLockMinutes: Too big: expected number to be <=240');
    expect(result.error.words).toEqual({
      key: 'refusal.input.tooBig',
      values: { at: 'field', field: 'idleLockMinutes', origin: 'number', inclusive: 'yes', limit: 240 },
    });
    const { key, values } = result.error.words!;
    expect(inEnglish()(key as MessageKey, values)).toBe('idleLockMinutes: too large, at most 240.');
    expect((await wordsIn('de'))(key as MessageKey, values)).toBe('idleLockMinutes: zu groß, höchstens 240.');
    const extra = await dispatch('settings.update', { idleLockMinutes: 20, isAdmin: true, isRoot: 1 });
    if (extra.ok) throw new Error('unknown keys were taken');
    expect((await wordsIn('es'))(extra.error.words!.key as MessageKey, extra.error.words!.values)).toBe(
      'Entrada: campos inesperados: "isAdmin", "isRoot".',
    );
    // A message the schema's author wrote says more than words per code: it stays, without words.
    const custom = await dispatch('payin.askAgain', { historyId: 7, card: { cardNumber: '12', cvv: '123' } });
    if (custom.ok) throw new Error('a short card number was taken');
    expect(custom.error).toMatchObject({ kind: 'invalid', message: expect.stringContaining('Digits only') });
    expect(custom.error.words).toBeUndefined();
  });

  it('never echoes a long input back in a refusal', async () => {
    const keys = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`unexpected-key-${i}`, i]));
    const result = await dispatch('settings.update', { idleLockMinutes: 20, ...keys });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    if (!result.ok) {
      expect(result.error.message).toMatch(/^Unrecognized keys: /);
      expect(result.error.message.length).toBeLessThanOrEqual(300);
      expect(result.error.message.endsWith('…')).toBe(true);
    }
  });

  it('returns a handler failure as a value that keeps its kind and field', async () => {
    expect(await dispatch('payin.askAgain', { historyId: 7 })).toEqual({
      ok: false,
      error: { kind: 'not_found', message: 'No pay-in with that id.', field: 'historyId' },
    });
  });

  it('turns an unexpected exception into an internal error without leaking its text', async () => {
    const result = await dispatch('profiles.remove', { id: 'x' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
    if (!result.ok) expectWords(result.error, 'refusal.ipc.internal');
    expect(JSON.stringify(result)).not.toContain('disk on fire');
    expect(internalErrors).toHaveLength(1);
  });

  it('checks the handler output against the contract too', async () => {
    const result = await dispatch('profiles.activate', { id: 'sandbox' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });
});
