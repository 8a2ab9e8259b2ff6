// What a supervisor is asked to approve, in their language (issue 33): main sends the summary as the
// catalogue's key and values beside its English (the audit trail's), and the words say it in each language.

import type { ApprovalRequest } from '@shared/approvals';
import type { MessageKey } from '@shared/i18n/messages';
import type { IpcResult } from '@shared/ipc';
import { afterEach, expect, it } from 'vitest';
import { wordsIn } from '../../src/main/i18n/words';
import { auditEvents } from '../support/app/audit-events';
import { type Fixture, startFixture } from '../support/app/paydesk-fixture';

const fixtures: Fixture[] = [];
afterEach(async () => {
  for (const fx of fixtures.splice(0)) await fx.close();
});

function askedFor(result: IpcResult<unknown>): ApprovalRequest {
  if (result.ok || !result.error.approval)
    throw new Error(`expected an approval to be asked for: ${JSON.stringify(result)}`);
  return result.error.approval;
}

it('an export of History and a production profile are asked for in the catalogue’s words; the audit keeps English', async () => {
  const fx = await startFixture();
  fixtures.push(fx);
  const exported = askedFor(await fx.call('history.exportCsv', {}));
  expect(exported.summaryWords).toEqual({ key: 'approval.summary.historyExport' });
  const german = await wordsIn('de');
  expect(german(exported.summaryWords!.key as MessageKey)).toMatch(/^einen CSV-Export des Verlaufs/);
  expect(exported.summary).toBe(
    "an export of this desk's History as CSV, with customers' names and contacts",
  );

  await fx.data('profiles.save', {
    id: 'live',
    name: 'Live',
    environment: 'production',
    baseUrl: 'https://127.0.0.1:9',
    kycBaseUrl: 'https://127.0.0.1:9',
    merchantId: 900001,
  });
  const profile = askedFor(await fx.call('profiles.activate', { id: 'live' }));
  expect(profile.summaryWords).toEqual({
    key: 'approval.summary.profileProduction',
    values: { profile: 'Live' },
  });
  const spanish = await wordsIn('es');
  expect(spanish(profile.summaryWords!.key as MessageKey, profile.summaryWords!.values)).toBe(
    'activar el perfil de producción «Live» en este puesto (se cargan tarjetas reales)',
  );
  // The audit trail's words stay English.
  expect(auditEvents(fx).filter((entry) => entry.event === 'approval.requested')).toMatchObject([
    { detail: { summary: exported.summary } },
    { detail: { summary: expect.stringContaining('"Live"') } },
  ]);
});

it('a change to another operator is asked for in the catalogue’s words, with their name and id', async () => {
  const fx = await startFixture();
  fixtures.push(fx);
  const reset = askedFor(
    await fx.call('operators.reset', { id: 'ana.agent', temporaryPassphrase: 'a temporary passphrase 1' }),
  );
  expect(reset.summaryWords).toMatchObject({
    key: 'approval.summary.operatorReset',
    values: { operatorId: 'ana.agent' },
  });
  const disable = askedFor(await fx.call('operators.setEnabled', { id: 'ana.agent', enabled: false }));
  expect(disable.summaryWords?.key).toBe('approval.summary.operatorDisable');
  const portuguese = await wordsIn('pt-BR');
  expect(portuguese(disable.summaryWords!.key as MessageKey, disable.summaryWords!.values)).toMatch(
    /^desativar o operador .+ \(ana\.agent\)$/,
  );
});
