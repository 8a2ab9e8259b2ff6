// A profile that names the merchant's notification service (issue 23, the desk's settings): the field is
// read by the shared schema (https only, no addresses of its own beside it); main refuses it without a
// team database and refuses to leave team mode while a profile names one; a pay-in's callBackURL and
// return addresses are built from it and nothing loopback is sent; and the bank-page view's return to the
// service's pages is recognised as the pay-in's (the unsigned hint: awaiting confirmation), a look-alike
// host is not. Settings written before the field existed read back as they were. And a notification for
// a profile that shares its merchant with another (the built-in Sandbox and a copy of it) settles it.

import type { PayInRow } from '@shared/history';
import type { IpcResult, PayInResult, SettingsView } from '@shared/ipc';
import { type Profile, SANDBOX_PROFILE, savedProfileSchema, settingsSchema } from '@shared/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inEnglish } from '../../src/main/i18n/words';
import { readBackSettings } from '../../src/main/settings/read-back';
import { type Fixture, memoryStore, startFixture, v2Fields } from '../support/app/paydesk-fixture';
import { type InterfaceGateway, startInterfaceGateway } from '../support/doubles/interface-gateway';
import { genuineNotification, THREE_DS_CARD } from '../support/notify-desk/notify-desk';

const MERCHANT_ID = 777023;
const SERVICE = 'https://notify.example.com/paydesk';
let gw: InterfaceGateway;

beforeAll(async () => {
  gw = await startInterfaceGateway({ merchantId: MERCHANT_ID, secret: 'notify-secret' });
});
afterAll(async () => {
  await gw?.close();
});

const profile = (overrides: Record<string, unknown> = {}) => ({
  id: 'production-like',
  name: 'Production-like',
  environment: 'test' as const,
  baseUrl: gw.url,
  kycBaseUrl: gw.url,
  merchantId: MERCHANT_ID,
  notificationService: { baseUrl: SERVICE },
  ...overrides,
});

/** A desk with a team connection in its settings (its database need not answer for these checks). */
async function deskWithTeam(): Promise<Fixture> {
  const settingsStore = memoryStore();
  settingsStore.set('settings', {
    team: { host: '127.0.0.1', port: 1, database: 'paydesk_team', user: 'desk_settings' },
  });
  return startFixture({ settingsStore });
}

describe('the profile field', () => {
  it('takes an https address, drops a trailing slash, and refuses anything else', () => {
    const parse = (baseUrl: string) =>
      savedProfileSchema.safeParse({ ...profile(), notificationService: { baseUrl } });
    const good = parse('https://notify.example.com/paydesk/');
    expect(good.success && good.data.notificationService).toEqual({ baseUrl: SERVICE });
    for (const bad of [
      'http://notify.example.com',
      'https://user:pw@notify.example.com',
      'https://notify.example.com/?x=1',
      'https://notify.example.com/#x',
      'notify.example.com',
      `https://notify.example.com/${'a'.repeat(240)}`,
    ]) {
      const result = parse(bad);
      expect(result.success, bad).toBe(false);
      if (!result.success) expect(result.error.issues[0]?.path).toEqual(['notificationService', 'baseUrl']);
    }
  });

  it('leaves no room for addresses of the profile own beside it', () => {
    const result = savedProfileSchema.safeParse(profile({ callBackURL: 'https://shop.example/notify' }));
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.issues[0]).toMatchObject({
        path: ['callBackURL'],
        message: 'Leave it empty: the notification service gives every pay-in its addresses.',
      });
    }
  });

  it('reads back settings written before the field existed, and with it', () => {
    const { notificationService: _none, ...before } = profile();
    const old = readBackSettings({ profiles: [before], activeProfileId: before.id });
    expect(old.problems).toEqual([]);
    expect(old.settings.profiles[0]?.notificationService).toBeUndefined();
    const team = { host: '127.0.0.1', port: 5432, database: 'paydesk_team', user: 'desk_a' };
    const withService = settingsSchema.safeParse({
      team,
      profiles: [profile()],
      activeProfileId: 'production-like',
    });
    expect(withService.success && withService.data.profiles[0]?.notificationService).toEqual({
      baseUrl: SERVICE,
    });
  });
});

describe('main refuses a service without a team database', () => {
  it('will not save a profile naming one on a desk without team mode, and says why', async () => {
    const fx = await startFixture();
    try {
      const saved = (await fx.call('profiles.save', profile())) as IpcResult<SettingsView>;
      expect(saved.ok).toBe(false);
      if (!saved.ok) {
        expect(saved.error).toMatchObject({
          kind: 'invalid',
          message: inEnglish()('refusal.settings.serviceNeedsTeam'),
          words: { key: 'refusal.settings.serviceNeedsTeam' },
        });
        expect(saved.error.message).toMatch(/^A notification service needs team mode/);
        expect(saved.error.field).toBe('notificationService.baseUrl');
      }
      const view = await fx.data('settings.get');
      expect(view.settings.profiles.map((one) => one.id)).not.toContain('production-like');
    } finally {
      await fx.close();
    }
  });

  it('will not leave team mode while a profile names one', async () => {
    const fx = await deskWithTeam();
    try {
      await fx.data('profiles.save', profile());
      const left = await fx.call('settings.setTeam', { connection: null });
      expect(left.ok).toBe(false);
      if (!left.ok) {
        expect(left.error.kind).toBe('conflict');
        expect(left.error.message).toContain('"Production-like"');
      }
      expect((await fx.data('settings.get')).settings.team).toBeDefined();
      // Without the service, it may.
      const { notificationService: _gone, ...plain } = profile();
      await fx.data('profiles.save', plain);
      await fx.data('settings.setTeam', { connection: null });
      expect((await fx.data('settings.get')).settings.team).toBeUndefined();
    } finally {
      await fx.close();
    }
  });
});

describe('a pay-in of a profile that names a service', () => {
  it('carries the service callback and return pages, and no loopback address', async () => {
    const fx = await deskWithTeam();
    try {
      await fx.data('profiles.save', profile({ returnAddresses: 'paydesk' }));
      await fx.data('profiles.activate', { id: 'production-like' });
      const result = (await fx.call('payin.submit', {
        version: 'v2',
        fields: v2Fields(),
      })) as IpcResult<PayInResult>;
      expect(result.ok, JSON.stringify(result)).toBe(true);
      const sent = gw.received.filter((request) => request.route === 'payin-v2').at(-1)?.fields as Record<
        string,
        unknown
      >;
      expect(sent).toMatchObject({
        callBackURL: `${SERVICE}/callback`,
        retURL: `${SERVICE}/return`,
        successURL: `${SERVICE}/success`,
        failURL: `${SERVICE}/fail`,
      });
      expect(JSON.stringify(sent)).not.toContain('127.0.0.1');
    } finally {
      await fx.close();
    }
  });

  it("closes the bank page on the service's return page as the pay-in's hint, and on nothing that only looks like it", async () => {
    const fx = await deskWithTeam();
    try {
      // The embedded sandbox as the gateway, with the service's addresses: its callback goes nowhere
      // (a name that never resolves), as a real gateway's would to a service not running.
      const sandboxLike: Profile = savedProfileSchema.parse({
        id: 'sandbox-notify',
        name: 'Sandbox via service',
        environment: 'sandbox',
        embeddedSandbox: true,
        merchantId: 100001,
        notificationService: { baseUrl: 'https://notify.invalid' },
      });
      await fx.data('profiles.save', sandboxLike);
      await fx.data('profiles.activate', { id: 'sandbox-notify' });
      const started = await fx.data('payin.submit', {
        version: 'v2',
        fields: v2Fields({ cardNumber: '4000000000003220' }),
      });
      expect(started.status).toBe('action_required');
      const { historyId } = started;
      expect(fx.paydesk.bankPageReturned(historyId, 'https://notify.invalid.evil.example/return')).toBe(
        false,
      );
      expect(fx.paydesk.bankPageReturned(historyId, 'https://notify.invalid/returned')).toBe(false);
      expect(fx.paydesk.bankPageReturned(historyId, 'http://notify.invalid/return')).toBe(false);
      expect(fx.paydesk.history.getById(historyId)?.status).toBe('action_required');
      expect(fx.paydesk.bankPageReturned(historyId, 'https://notify.invalid/return?status=APPROVED')).toBe(
        true,
      );
      const row = await fx.waitForStatus(historyId, 'awaiting_confirmation');
      expect(row.status).toBe('awaiting_confirmation');
      // The hint is kept as the agent's hint, never as the result.
      const trail = fx.paydesk.history.auditTrail(historyId).map((entry) => entry.detail);
      expect(JSON.stringify(trail)).toContain('APPROVED');
    } finally {
      await fx.close();
    }
  });
});

describe('a signed notification for a profile that shares its merchant with the built-in Sandbox', () => {
  it("settles that profile's pay-in rather than calling its order unknown", async () => {
    const fx = await startFixture();
    try {
      // A copy of the Sandbox profile: same merchant, same secret, another name.
      await fx.data('profiles.save', { ...SANDBOX_PROFILE, id: 'sandbox-copy', name: 'Sandbox copy' });
      await fx.data('profiles.activate', { id: 'sandbox-copy' });
      const started = await fx.data('payin.submit', {
        version: 'v2',
        fields: v2Fields({ cardNumber: THREE_DS_CARD }),
      });
      expect(started.status).toBe('action_required');
      const row = fx.paydesk.history.getById(started.historyId) as PayInRow;
      const verdict = await fx.paydesk.payIns.handleCallback(
        JSON.parse(genuineNotification(row, 'approved')),
      );
      expect(verdict).toBe('accepted');
      expect(fx.paydesk.history.getById(row.id)?.status).toBe('approved');
    } finally {
      await fx.close();
    }
  });
});
