// A role this desk no longer has (a supervisor's own, gone from the accounts file), named in the reader's
// language (issue 33): main's English says "night-shift (a role this desk no longer has)" from the
// catalogue, and a refusal naming it sends its id as `goneRoles`, which the page words in its own language.
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { i18n } from '@renderer/i18n/i18n';
import { call, PaydeskError } from '@renderer/lib/paydesk';
import german from '@shared/i18n/catalogs/de.json';
import english from '@shared/i18n/catalogs/en.json';
import { refusalWordsSchema } from '@shared/refusal-words';
import { describe, expect, it } from 'vitest';
import { englishOf } from '../../src/main/i18n/refuse';
import { createRoleBook } from '../../src/main/operators/role-book';

const CATALOGS = { en: english, de: german };

function speak(language: keyof typeof CATALOGS) {
  const messages = Object.fromEntries(
    Object.entries(CATALOGS[language]).map(([key, message]) => [key, compileMessageOrThrow(message)]),
  );
  i18n.loadAndActivate({ locale: language, messages });
}

async function shown(error: unknown): Promise<string> {
  (globalThis as unknown as { window: unknown }).window = {
    paydesk: { invoke: async () => ({ ok: false, error }), on: () => () => undefined },
  };
  const thrown = await call('app.info').then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(thrown).toBeInstanceOf(PaydeskError);
  return (thrown as PaydeskError).message;
}

describe('a role this desk no longer has', () => {
  it("is named in main's English from the catalogue, and by its label while the desk has it", () => {
    const book = createRoleBook();
    expect(book.labelOf('night-shift')).toBe('night-shift (a role this desk no longer has)');
    book.put({
      id: 'night-shift',
      label: 'Night shift',
      permissions: [],
      basedOn: 'agent',
      changedAt: new Date(0).toISOString(),
      changedBy: 'sam',
    });
    expect(book.labelOf('night-shift')).toBe('Night shift');
    expect(book.labelOf('agent')).toBe('Agent');
  });

  it('reads in the language of the page that shows a refusal naming it', async () => {
    const book = createRoleBook();
    // As the session gate words a call the role does not allow (operators/session-service.ts).
    const words = refusalWordsSchema.parse({
      key: 'refusal.session.forbidden',
      values: { role: book.labelOf('night-shift'), permission: 'Check the audit trail' },
      goneRoles: { role: 'night-shift' },
      permissions: { permission: 'history.verify' },
    });
    const forbidden = { kind: 'forbidden', message: englishOf(words), words };
    expect(forbidden.message).toMatch(/^Your role \(night-shift \(a role this desk no longer has\)\)/);
    speak('en');
    expect(await shown(forbidden)).toBe(forbidden.message);
    speak('de');
    expect(await shown(forbidden)).toMatch(
      /^Ihre Rolle \(night-shift \(eine Rolle, die es an diesem Arbeitsplatz nicht mehr gibt\)\) erlaubt das nicht/,
    );
  });
});
