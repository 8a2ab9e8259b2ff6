// Settings' operators, roles and an operator's day in words (issue 33): a permission and a built-in role
// by the catalogue's words in each language, a desk's own role by the name its supervisor gave it, an audit
// event this Paydesk has no words for as its name, and the day's summary counted by each language's plurals.
import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { daySummary, sessionWords } from '@renderer/features/settings/operator-day-words';
import { permissionName, roleLabel, roleOptions } from '@renderer/features/settings/roles-store';
import type { Translate } from '@renderer/i18n/use-t';
import type { OperatorDay } from '@shared/operator-day';
import { PERMISSIONS, type RoleView } from '@shared/operators';
import { describe, expect, it } from 'vitest';
import de from '../../src/shared/i18n/catalogs/de.json';
import en from '../../src/shared/i18n/catalogs/en.json';
import es from '../../src/shared/i18n/catalogs/es.json';
import ptBR from '../../src/shared/i18n/catalogs/pt-BR.json';
import { english as t } from './support/english';

const CATALOGS: Record<string, Record<string, string>> = { en, es, 'pt-BR': ptBR, de };

function translator(language: string): Translate {
  const i18n = setupI18n();
  const compiled = Object.fromEntries(
    Object.entries(CATALOGS[language]!).map(([key, message]) => [key, compileMessageOrThrow(message)]),
  );
  i18n.loadAndActivate({ locale: language, messages: compiled });
  return (key, values) => i18n._(key, values);
}

const ROLES: RoleView[] = [
  { id: 'reviewer', label: 'Reviewer', permissions: ['history.all'], builtIn: true },
  {
    id: 'senior-agent',
    label: 'Senior agent',
    permissions: ['payin.send'],
    builtIn: false,
    basedOn: 'agent',
  },
];

function day(counts: { sessions: number; payIns: number }): OperatorDay {
  return {
    operatorId: 'ana.agent',
    day: '2026-11-29',
    from: 0,
    to: 86_400_000,
    sessions: Array.from({ length: counts.sessions }, (_, index) => ({
      at: index,
      event: 'signed_in',
      outcome: 'success' as const,
    })),
    payIns: [{ status: 'approved', currency: 'EUR', count: counts.payIns, amount: '10.00' }],
    kycBatches: [],
    approvalsAsked: [],
    approvalsGiven: [],
    refusedCalls: [],
    capped: [],
  };
}

describe('permissions and roles in a supervisor’s words', () => {
  it.each(Object.keys(CATALOGS))(
    '%s names every permission in words of its own, never by its id',
    (language) => {
      const words = PERMISSIONS.map((permission) => permissionName(translator(language), permission));
      for (const [index, permission] of PERMISSIONS.entries()) expect(words[index]).not.toBe(permission);
      expect(new Set(words).size).toBe(PERMISSIONS.length);
    },
  );

  it('a permission this Paydesk does not know shows as its id', () => {
    expect(permissionName(t, 'payin.somethingNew')).toBe('payin.somethingNew');
    expect(permissionName(t, 'history.verify')).toBe('Check the audit trail');
  });

  it('names a built-in role in the desk’s language and a desk’s own role as its supervisor named it', () => {
    const de = translator('de');
    expect(roleOptions(de, ROLES)).toEqual([
      { value: 'reviewer', label: 'Prüfer' },
      { value: 'senior-agent', label: 'Senior agent' },
    ]);
    expect(roleLabel(de, ROLES, 'reviewer')).toBe('Prüfer');
    // A role the desk no longer has, in the reader's language; before the list is loaded, its id.
    expect(roleLabel(de, ROLES, 'gone')).toBe(
      'gone (eine Rolle, die es an diesem Arbeitsplatz nicht mehr gibt)',
    );
    expect(roleLabel(de, undefined, 'gone')).toBe('gone');
  });
});

describe('an operator’s day in words', () => {
  it('says a lock’s reason in words, and an event or reason it does not know as it came', () => {
    expect(sessionWords(t, { at: 0, event: 'locked', outcome: 'success', reason: 'idle' })).toBe(
      'Locked (idle)',
    );
    expect(
      sessionWords(translator('de'), { at: 0, event: 'locked', outcome: 'success', reason: 'idle' }),
    ).toBe('Gesperrt (wegen Inaktivität)');
    expect(sessionWords(t, { at: 0, event: 'passkey_added', outcome: 'success' })).toBe('passkey added');
    expect(sessionWords(t, { at: 0, event: 'sign_in_refused', outcome: 'failure', reason: 'bad_code' })).toBe(
      'Sign-in refused (bad_code)',
    );
  });

  it('counts each list by the language’s plurals: one session event, two pay-ins', () => {
    expect(daySummary(t, 'en', day({ sessions: 1, payIns: 2 }), 'Ana (ana.agent)')).toBe(
      'Ana (ana.agent) on 11/29/2026: 1 session event, 2 pay-ins, 0 KYC batches, 0 approval events, 0 approvals given, 0 refused calls.',
    );
    expect(daySummary(translator('de'), 'de', day({ sessions: 2, payIns: 1 }), 'Ana')).toBe(
      'Ana am 29.11.2026: 2 Sitzungsereignisse, 1 Zahlung, 0 KYC-Stapel, 0 Freigabeereignisse, 0 erteilte Freigaben, 0 verweigerte Aufrufe.',
    );
  });
});
