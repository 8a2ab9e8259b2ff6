// Where the notification service's secrets come from, and where they never go. From systemd's credentials
// folder, or from a secrets file that is the service user's alone: a file others may read, a link, a file
// of another user, or one that is not JSON stops the start (exit 2) with the reason, never the content.
// A running instance has no secret in its command line, its environment or its log; a bad configuration
// is refused field by field. The built bundle (npm run build:notify) runs the same way.
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, notificationFields, signedBody } from '../support/notify/gateway';
import {
  MERCHANT_ID,
  MERCHANT_SECRET,
  type NotifyInstance,
  refusedStart,
  startNotifyInstance,
  testConfig,
  testCredentials,
} from '../support/notify/notify-service';
import type { DeskRoleConnection, PostgresCluster } from '../support/team/postgres-cluster';
import { startPostgresCluster } from '../support/team/postgres-cluster';
import { createTeamDatabase, type TeamDatabase } from '../support/team/team-database';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
let cluster: PostgresCluster;
let team: TeamDatabase;
let database: DeskRoleConnection;
let dir: string;
let secrets: string[];
const outputs: string[] = [];
const gateway = gatewayClient();

function secretsFile(name: string, content: string, mode = 0o600): string {
  const file = join(dir, name);
  writeFileSync(file, content, { mode });
  chmodSync(file, mode);
  return file;
}
const withFile = (file: string) => ({ ...testConfig(database), secretsFile: file });

async function storedCount(tradeNo: string): Promise<number> {
  const owner = new pg.Client(team.owner);
  await owner.connect();
  try {
    const { rows } = await owner.query(
      'SELECT count(*)::int AS n FROM paydesk.gateway_notifications WHERE merchant_trade_no = $1',
      [tradeNo],
    );
    return rows[0].n;
  } finally {
    await owner.end();
  }
}

/** Posts a genuine notification straight to the instance; true when it answered 200 and it is stored. */
async function delivers(instance: NotifyInstance): Promise<boolean> {
  const fields = notificationFields(MERCHANT_ID);
  const answer = await gateway.send(`${instance.url}/callback`, {
    body: signedBody(fields, MERCHANT_SECRET, 'hmac-sha256'),
  });
  return answer.status === 200 && (await storedCount(fields.merchantTradeNo)) === 1;
}

/** What a running process was given: its command line and environment, as the kernel holds them. */
const processInputs = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8') + readFileSync(`/proc/${pid}/environ`, 'utf8');

beforeAll(async () => {
  cluster = await startPostgresCluster();
  team = await createTeamDatabase(cluster);
  database = await team.addNotify('notify_web');
  dir = mkdtempSync(join(tmpdir(), 'paydesk-notify-secrets-'));
  secrets = Object.values(testCredentials(database));
}, 60_000);

afterAll(async () => {
  await gateway.close();
  rmSync(dir, { recursive: true, force: true });
  await cluster?.destroy();
});

describe('secrets from systemd credentials', () => {
  it('runs with them, and holds none in its arguments or environment', async () => {
    const instance = await startNotifyInstance({
      config: testConfig(database),
      credentials: testCredentials(database),
    });
    try {
      expect(await delivers(instance)).toBe(true);
      const inputs = processInputs(instance.pid);
      expect(inputs).toContain('CREDENTIALS_DIRECTORY=');
      for (const secret of secrets) expect(inputs).not.toContain(secret);
    } finally {
      outputs.push(instance.output());
      await instance.kill();
    }
  });

  it('refuses to start without one of them, naming it', async () => {
    const { 'merchant-1002': _left, ...credentials } = testCredentials(database);
    const refused = await refusedStart({ config: testConfig(database), credentials });
    outputs.push(refused.output);
    expect(refused.code).toBe(2);
    expect(refused.output).toContain(
      'The credential "merchant-1002" cannot be read from $CREDENTIALS_DIRECTORY (ENOENT)',
    );
  });
});

describe('secrets from a file', () => {
  it('runs with a 0600 file of its own user', async () => {
    const file = secretsFile('secrets.json', JSON.stringify(testCredentials(database)));
    const instance = await startNotifyInstance({ config: withFile(file) });
    try {
      expect(await delivers(instance)).toBe(true);
      for (const secret of secrets) expect(processInputs(instance.pid)).not.toContain(secret);
    } finally {
      outputs.push(instance.output());
      await instance.kill();
    }
  });

  it('refuses a file that its group or others may read, a link, a file of another user, and says why', async () => {
    const content = JSON.stringify(testCredentials(database));
    const cases: [string, string][] = [
      [
        secretsFile('group.json', content, 0o640),
        'may be read or changed by others (mode 640): chmod 600 it',
      ],
      [secretsFile('world.json', content, 0o604), '(mode 604)'],
    ];
    const link = join(dir, 'link.json');
    symlinkSync(secretsFile('target.json', content), link);
    cases.push([link, 'it is a symbolic link']);
    cases.push([join(dir, 'missing.json'), 'cannot be opened (ENOENT)']);
    if (process.getuid?.() === 0) {
      const theirs = secretsFile('theirs.json', content);
      chownSync(theirs, 65534, 65534);
      cases.push([theirs, "belongs to uid 65534, not to the service's user (uid 0): chown it"]);
    }
    for (const [file, reason] of cases) {
      const refused = await refusedStart({ config: withFile(file) });
      outputs.push(refused.output);
      expect(refused.code).toBe(2);
      expect(refused.output).toContain(`The secrets file ${file}`);
      expect(refused.output).toContain(reason);
    }
  });

  it('refuses a file that is not JSON without quoting it, and one without a credential', async () => {
    const broken = secretsFile(
      'broken.json',
      `{"merchant-1001": "${MERCHANT_SECRET}" "database-password": 1}`,
    );
    const refused = await refusedStart({ config: withFile(broken) });
    outputs.push(refused.output);
    expect(refused.code).toBe(2);
    expect(refused.output).toContain(`The secrets file ${broken} is not valid JSON.`);
    const { 'database-password': _left, ...partial } = testCredentials(database);
    const short = secretsFile('short.json', JSON.stringify(partial));
    const missing = await refusedStart({ config: withFile(short) });
    outputs.push(missing.output);
    expect(missing.output).toContain(`The secrets file ${short} has no "database-password".`);
  });

  it('refuses to start with no source of secrets at all', async () => {
    const refused = await refusedStart({ config: testConfig(database) });
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('No secrets: $CREDENTIALS_DIRECTORY is not set');
  });
});

describe('the configuration', () => {
  it('is refused field by field, before anything listens', async () => {
    const config = {
      ...testConfig(database),
      publicBaseUrl: 'http://pay.example.com',
      admin: { host: '0.0.0.0', port: 9 },
      merchants: [{ merchantId: -1, signAlgorithm: 'sha1', secretCredential: '../etc/passwd' }],
      database: { ...testConfig(database).database, timeoutMs: 10 },
      colour: 'blue',
    };
    const refused = await refusedStart({ config, credentials: testCredentials(database) });
    expect(refused.code).toBe(2);
    for (const problem of [
      'publicBaseUrl: Must be https (http only on a loopback address, for a test).',
      'database.timeoutMs: At least 100 ms.',
      'merchants.0.merchantId: A positive number.',
      'merchants.0.signAlgorithm:',
      'merchants.0.secretCredential: A credential name',
      'admin.host: Only a loopback address',
      '(the whole file): Not a setting here: colour.',
    ]) {
      expect(refused.output).toContain(problem);
    }
  });
});

describe('the bundle', () => {
  it('builds into one file that runs the service', async () => {
    const out = join(dir, 'bundle');
    await run(
      join(root, 'node_modules', '.bin', 'vite'),
      ['build', '--config', 'vite.notify.config.ts', '--outDir', out],
      {
        cwd: root,
      },
    );
    const instance = await startNotifyInstance({
      config: testConfig(database),
      credentials: testCredentials(database),
      bundle: join(out, 'paydesk-notify.mjs'),
    });
    try {
      expect(await delivers(instance)).toBe(true);
      const health = await gateway.send(`${instance.url}/health`);
      expect(JSON.parse(health.text)).toEqual({
        service: 'paydesk-notify',
        database: 'reachable',
        version: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version,
      });
    } finally {
      outputs.push(instance.output());
      await instance.kill();
    }
  }, 60_000);
});

describe('what the service wrote', () => {
  it('never holds a secret', () => {
    expect(outputs.length).toBeGreaterThan(5);
    for (const output of outputs) for (const secret of secrets) expect(output).not.toContain(secret);
  });
});
