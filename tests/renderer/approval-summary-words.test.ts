// What a supervisor approves reads in their language (issue 33, item 2): main words the summary from the
// catalogue (approval-rules.ts) and keeps its English for the audit, word for word what it was; the page
// says it in the active language, amounts formatted there and a built-in role by its name there, and a
// request given up says it so too. (A stand-in for window.paydesk, as refusal-words.test.ts.)
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { i18n } from '@renderer/i18n/i18n';
import { useApprovalRequest } from '@renderer/lib/approval/approval-request';
import { approvalSummary } from '@renderer/lib/approval/summary-text';
import { call, PaydeskError } from '@renderer/lib/paydesk';
import german from '@shared/i18n/catalogs/de.json';
import spanish from '@shared/i18n/catalogs/es.json';
import type { Profile } from '@shared/profile';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../src/main/i18n/refuse';
import { approvalRules } from '../../src/main/operators/approval-rules';
import type { ApprovalSubject } from '../../src/main/operators/approvals';

const CATALOGS = { de: german, es: spanish };

function speak(language: keyof typeof CATALOGS) {
  const messages = Object.fromEntries(
    Object.entries(CATALOGS[language]).map(([key, message]) => [key, compileMessageOrThrow(message)]),
  );
  i18n.loadAndActivate({ locale: language, messages });
}

const LABELS: Record<string, string> = { agent: 'Agent', night: 'Night desk' };
const rules = approvalRules({
  operatorId: () => 'ana.agent',
  roleOf: () => 'agent',
  roleLabel: (id) => LABELS[id] ?? id,
  builtInRole: (id) => id === 'agent',
  displayName: (id) => (id === 'bo.agent' ? 'Bo Agent' : id),
  limits: () => [{ scope: { kind: 'role', role: 'agent' }, currency: 'EUR', amount: '1000.00' }],
  profile: () => undefined,
  activeProfile: () => ({ displayCurrency: 'EUR', environment: 'test' }) as Profile,
});

const overLimit = rules['payin.submit']!({
  version: 'v2',
  fields: { amount: '1500.00', merchantTradeNo: 'ORDER-1', firstName: 'Ana', lastName: 'Pérez' },
} as never) as ApprovalSubject;
const NBSP = '\u00a0';

describe('an approval summary', () => {
  it('keeps its English for the audit as it was, with the catalogue words beside it', () => {
    expect(overLimit.summary).toBe(
      'a pay-in of 1500.00 EUR, order ORDER-1, for Ana Pérez, above the limit of 1000.00 EUR for every Agent',
    );
    expect(overLimit.words).toMatchObject({
      key: 'approval.summary.payinOverLimit',
      amounts: {
        amount: { amount: '1500.00', currency: 'EUR' },
        limit: { amount: '1000.00', currency: 'EUR' },
      },
      roles: { scope: 'agent' },
    });
    const limit = rules['operators.setLimit']!({
      scope: { kind: 'role', role: 'night' },
      currency: 'EUR',
      amount: '250.00',
    } as never) as ApprovalSubject;
    expect(limit.summary).toBe('setting the EUR pay-in limit of every Night desk to 250.00');
    const disable = rules['operators.setEnabled']!({
      id: 'bo.agent',
      enabled: false,
    } as never) as ApprovalSubject;
    expect(disable.summary).toBe('disabling the operator Bo Agent (bo.agent)');
  });

  it('reads in German, its amounts formatted there and a built-in role named there', () => {
    speak('de');
    expect(approvalSummary({ summary: overLimit.summary, summaryWords: overLimit.words })).toBe(
      `eine Zahlung über 1.500,00${NBSP}€, Bestellung ORDER-1, für Ana Pérez, über dem Limit von 1.000,00${NBSP}€ für die Rolle Agent`,
    );
    const limit = rules['operators.setLimit']!({
      scope: { kind: 'role', role: 'night' },
      currency: 'EUR',
      amount: '250.00',
    } as never) as ApprovalSubject;
    // A desk's own role keeps the name its supervisor gave it.
    expect(approvalSummary({ summary: limit.summary, summaryWords: limit.words })).toBe(
      `Festlegen des Zahlungslimits in EUR für die Rolle Night desk auf 250,00${NBSP}€`,
    );
  });

  it('names a role’s permissions in German, as the roles page does; the audit keeps their English', () => {
    const save = rules['roles.save']!({
      id: 'night',
      label: 'Night desk',
      permissions: ['payin.send', 'history.verify'],
    } as never) as ApprovalSubject;
    expect(save.summary).toBe(
      'saving the role Night desk (night) with: Send pay-ins, ask again, follow bank pages; Check the audit trail',
    );
    expect(save.words?.permissions).toEqual({ permissions: ['payin.send', 'history.verify'] });
    speak('de');
    const named = `${german['settings.roles.permission.payin.send']}; ${german['settings.roles.permission.history.verify']}`;
    expect(approvalSummary({ summary: save.summary, summaryWords: save.words })).toBe(
      german['approval.summary.roleSave']
        .replace('{label}', 'Night desk')
        .replace('{id}', 'night')
        .replace('{permissions}', named),
    );
    expect(approvalSummary({ summary: save.summary, summaryWords: save.words })).not.toContain(
      'Send pay-ins',
    );
  });

  it('is main’s English when main sent no words, or words this catalogue lacks', () => {
    speak('de');
    expect(approvalSummary({ summary: 'an older main’s summary' })).toBe('an older main’s summary');
    expect(
      approvalSummary({ summary: 'a newer one', summaryWords: { key: 'approval.summary.fromTheFuture' } }),
    ).toBe('a newer one');
  });

  it('reads in Spanish in the refusal of a request the operator gave up', async () => {
    const refused = refusal('approval_needed', 'refusal.approvals.needed', { summary: overLimit.summary });
    refused.approval = {
      id: 'a'.repeat(32),
      action: 'payin.over_limit',
      summary: overLimit.summary,
      summaryWords: overLimit.words,
      requestedBy: { id: 'ana.agent', displayName: 'Ana Agent' },
      selfApprovalAllowed: false,
    };
    (globalThis as unknown as { window: unknown }).window = {
      paydesk: {
        invoke: async () => ({ ok: false, error: refused.toIpcError() }),
        on: () => () => undefined,
      },
    };
    speak('es');
    const answered = call('app.info').then(
      () => undefined,
      (reason: unknown) => reason,
    );
    // The dialog shows the request; the operator gives up.
    await expect.poll(() => useApprovalRequest.getState().waiting).toBeDefined();
    useApprovalRequest.getState().settle(false);
    const thrown = await answered;
    expect(thrown).toBeInstanceOf(PaydeskError);
    expect((thrown as PaydeskError).message).toBe(
      `Un supervisor debe aprobarlo en el puesto: un cobro de 1500,00${NBSP}€, pedido ORDER-1, para Ana Pérez, por encima del límite de 1000,00${NBSP}€ para el rol Agente. No se hizo nada.`,
    );
  });
});
