// Which language the desk speaks (issue 33): the OS's at first start and before anyone signs in, each
// operator's own once chosen, kept in the settings file by operator id and read back checked.
import { languageForLocale } from '@shared/languages';
import { afterEach, describe, expect, it } from 'vitest';
import { type Fixture, memoryStore, startFixture } from '../support/app/paydesk-fixture';
import { addAndSignIn, signIn } from '../support/app/sign-in';

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('the language an OS locale asks for', () => {
  it.each([
    ['de-DE', 'de'],
    ['de-AT', 'de'],
    ['de_CH.UTF-8', 'de'],
    ['es-419', 'es'],
    ['es', 'es'],
    ['pt-BR', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['en-US', 'en'],
    ['fr-FR', 'en'],
    ['en-XA', 'en-XA'],
    ['', 'en'],
    ['not a locale!', 'en'],
  ])('%s → %s', (locale, language) => {
    expect(languageForLocale(locale)).toBe(language);
  });
});

describe('language.get and language.set', () => {
  it('speaks the OS language until an operator chooses theirs, and keeps each choice for its operator', async () => {
    fx = await startFixture({ osLocale: 'de-AT' });
    expect(await fx.data('language.get')).toEqual({ language: 'de', desk: 'de', chosen: false });

    expect(await fx.data('language.set', { language: 'es' })).toEqual({
      language: 'es',
      desk: 'de',
      chosen: true,
    });
    expect(await fx.data('language.get')).toEqual({ language: 'es', desk: 'de', chosen: true });
    expect(JSON.parse(fx.store.dump()).settings.languages).toEqual({ [fx.operator!.id]: 'es' });

    // Another operator at the desk: the desk's language, and a choice of their own that is theirs alone.
    const agent = await addAndSignIn(fx.call, {
      id: 'ana.agent',
      displayName: 'Ana',
      role: 'agent',
      passphrase: 'ana agent passphrase',
    });
    expect(await fx.data('language.get')).toEqual({ language: 'de', desk: 'de', chosen: false });
    await fx.data('language.set', { language: 'pt-BR' });

    // Nobody signed in: the sign-in screen speaks the desk's language; nobody can choose.
    await fx.data('session.signOut');
    expect(await fx.data('language.get')).toEqual({ language: 'de', desk: 'de', chosen: false });
    const refused = await fx.call('language.set', { language: 'es' });
    expect(refused.ok).toBe(false);

    await signIn(fx.call, fx.operator!);
    expect((await fx.data('language.get')).language).toBe('es');
    await fx.data('session.signOut');
    await signIn(fx.call, agent);
    expect((await fx.data('language.get')).language).toBe('pt-BR');

    // Following the OS again.
    expect(await fx.data('language.set', { language: null })).toEqual({
      language: 'de',
      desk: 'de',
      chosen: false,
    });
    expect(JSON.parse(fx.store.dump()).settings.languages).toEqual({ [fx.operator!.id]: 'es' });
  });

  it('refuses a language the desk does not speak', async () => {
    fx = await startFixture();
    const answer = await fx.call('language.set', { language: 'fr' });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.kind).toBe('invalid');
    expect(await fx.data('language.get')).toEqual({ language: 'en', desk: 'en', chosen: false });
  });

  it('reads back a settings file whose languages are not valid: they alone go, with a notice', async () => {
    const store = memoryStore();
    store.set('settings', { operatorName: 'Jane', idleLockMinutes: 20, languages: { 'ana.agent': 'fr' } });
    fx = await startFixture({ settingsStore: store, osLocale: 'pt-BR' });
    const view = await fx.data('settings.get');
    expect(view.settings).toMatchObject({ operatorName: 'Jane', idleLockMinutes: 20, languages: {} });
    expect(view.notices.map((notice) => notice.message)).toContainEqual(
      expect.stringContaining("operators' languages setting was not valid"),
    );
    expect(await fx.data('language.get')).toEqual({ language: 'pt-BR', desk: 'pt-BR', chosen: false });
  });
});
