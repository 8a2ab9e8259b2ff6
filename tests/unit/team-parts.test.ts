// Team mode's small parts: TLS with certificate verification for any host that is not loopback, the card
// fingerprint (keyed, never the number, the same on every desk with the same key), the desk id kept once
// and never silently replaced, the connection as settings keep it.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { settingsSchema } from '@shared/profile';
import { teamConnectionSchema, teamKeySchema } from '@shared/team';
import { afterEach, describe, expect, it } from 'vitest';
import { readBackSettings } from '../../src/main/settings/read-back';
import { cardKeyOf } from '../../src/main/team/card-key';
import { DESK_FILE, DeskIdentityError, deskIdentity } from '../../src/main/team/desk-identity';
import { isLocalHost, teamPoolConfig } from '../../src/main/team/team-connection';

const KEY = '0f'.repeat(32);
const connection = (host: string) =>
  teamConnectionSchema.parse({ host, database: 'paydesk_team', user: 'desk_anna' });

describe('the team connection', () => {
  it('verifies the certificate and host name of any host that is not loopback', () => {
    for (const host of ['db.example.com', '10.0.0.5', '192.168.1.20', 'localhost.example.com', '128.0.0.1']) {
      expect(isLocalHost(host)).toBe(false);
      const { ssl } = teamPoolConfig(connection(host), 'pw', 'replication');
      expect(ssl).toMatchObject({ rejectUnauthorized: true });
    }
    expect(teamPoolConfig(connection('db.example.com'), 'pw', 'check').ssl).toMatchObject({
      servername: 'db.example.com',
    });
  });

  it('lets loopback and unix sockets go without TLS', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '/var/run/postgresql']) {
      expect(isLocalHost(host)).toBe(true);
      expect(teamPoolConfig(connection(host), 'pw', 'replication').ssl).toBe(false);
    }
  });

  it('trusts the configured CA file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-ca-'));
    try {
      const caFile = join(dir, 'ca.pem');
      writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
      const config = teamPoolConfig({ ...connection('db.example.com'), caFile }, 'pw', 'check');
      expect(config.ssl).toMatchObject({ rejectUnauthorized: true, ca: readFileSync(caFile, 'utf8') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is refused with a clear message when a field is not valid, and defaults the port', () => {
    expect(connection('db.example.com').port).toBe(5432);
    const bad = teamConnectionSchema.safeParse({ host: 'db host', database: 'x', user: 'y' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('A host name, an IP address or a socket folder.');
    expect(teamConnectionSchema.safeParse({ host: 'h', database: 'x', user: "a'; drop" }).success).toBe(
      false,
    );
    expect(
      teamConnectionSchema.safeParse({ host: 'h', database: 'x', user: 'y', password: 'p' }).success,
    ).toBe(false);
  });

  it('is an optional part of the settings, left out alone when damaged', () => {
    expect(settingsSchema.parse({}).team).toBeUndefined();
    const { settings, problems } = readBackSettings({
      operatorName: 'Anna',
      team: { host: 'db.example.com', port: 'x', database: 'd', user: 'u' },
    });
    expect(settings.operatorName).toBe('Anna');
    expect(settings.team).toBeUndefined();
    expect(problems).toEqual([
      {
        kind: 'setting_reset',
        message: expect.stringMatching(/^The team connection setting was not valid \(port: /),
        words: {
          key: 'settings.notice.settingReset',
          values: { setting: 'team', why: expect.stringMatching(/^port: /) },
        },
      },
    ]);
  });
});

describe('the card key', () => {
  it('is an HMAC under the team key: the same for the same card and key, never the number', () => {
    const a = cardKeyOf(KEY, { cardNumber: '4111 1111 1111 1111' });
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(cardKeyOf(KEY, { cardNumber: '4111111111111111' })).toBe(a);
    expect(cardKeyOf('1e'.repeat(32), { cardNumber: '4111111111111111' })).not.toBe(a);
    expect(cardKeyOf(KEY, { cardNumber: '4111111111111112' })).not.toBe(a);
    expect(cardKeyOf(KEY, { ccStorageID: '4111111111111111' })).not.toBe(a);
    expect(a).not.toContain('4111');
  });

  it('refuses a team key that is not 64 hex characters', () => {
    expect(() => cardKeyOf('short', { cardNumber: '4111111111111111' })).toThrow();
    expect(teamKeySchema.parse(` ${'AB'.repeat(32)} `)).toBe('ab'.repeat(32));
  });
});

describe('the desk id', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-desk-'));
    dirs.push(dir);
    return dir;
  };

  it('is made once, kept for this user only, and read back the same', () => {
    const dir = folder();
    const id = deskIdentity(dir);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deskIdentity(dir)).toBe(id);
    expect(statSync(join(dir, DESK_FILE)).mode & 0o777).toBe(0o600);
    expect(deskIdentity(folder())).not.toBe(id);
  });

  it('is never replaced silently when its file is damaged', () => {
    const dir = folder();
    writeFileSync(join(dir, DESK_FILE), '{"deskId": "not-a-uuid"');
    expect(() => deskIdentity(dir)).toThrow(DeskIdentityError);
    writeFileSync(join(dir, DESK_FILE), '{"deskId": "not-a-uuid", "createdAt": 1}');
    expect(() => deskIdentity(dir)).toThrow(/does not hold a desk id/);
    expect(readFileSync(join(dir, DESK_FILE), 'utf8')).toBe('{"deskId": "not-a-uuid", "createdAt": 1}');
  });
});
