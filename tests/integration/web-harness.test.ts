// The browser harness's bridge: token, calls, events and static files, over real HTTP.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { IPC_CHANNEL_NAMES, type IpcResult } from '@shared/ipc';
import { fileTooLargeWords } from '@shared/kyc-batch';
import { SANDBOX_PROFILE } from '@shared/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import { englishOf } from '../../src/main/i18n/refuse';
import { KYC_LIMITS } from '../../src/main/kyc/limits';
import { startWebHarness } from '../../src/main/web-harness/web-harness';
import { memoryStore, startFixture, v2Fields } from '../support/app/paydesk-fixture';
import {
  addAndSignIn,
  enrolFirstSupervisor,
  signIn,
  TEST_SUPERVISOR,
  type TestOperator,
} from '../support/app/sign-in';
import { kycCsv, kycRecord } from '../support/kyc/generate';

let harness: Awaited<ReturnType<typeof startWebHarness>>;
let rendererDir: string;
let dataDir: string;
let supervisor: TestOperator;

beforeAll(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'paydesk-renderer-'));
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-harness-'));
  writeFileSync(
    join(rendererDir, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>',
  );
  harness = await startWebHarness({
    port: 0,
    rendererDir,
    config: {
      version: 'test',
      bankPageView: 'iframe',
      dataDir,
      settingsStore: memoryStore(),
      vault: createMemoryVault(),
      keychain: { available: false, reason: 'test' },
      log: { info: () => {}, error: () => {} },
    },
  });
  // Nothing but the sign-in screen's calls is open until someone signs in: the first supervisor does.
  supervisor = await enrolFirstSupervisor(bridgeCall, TEST_SUPERVISOR, () => Date.now());
});
afterAll(async () => {
  await harness.close();
  rmSync(rendererDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const call = (channel: string, input: unknown, token = harness.token) =>
  fetch(`${harness.origin}/__ipc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paydesk-token': token },
    body: JSON.stringify({ input }),
  });

const bridgeCall = async (channel: string, input?: unknown) =>
  (await (await call(channel, input)).json()) as IpcResult<unknown>;

describe('web harness', () => {
  it('listens on loopback only', () => {
    expect(harness.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers contract calls with the run token and refuses them without it', async () => {
    expect(await (await call('app.info', undefined)).json()).toMatchObject({
      ok: true,
      data: { version: 'test' },
    });
    const forged = await call('app.info', undefined, 'x'.repeat(harness.token.length));
    expect(forged.status).toBe(403);
    expect((await call('app.info', undefined, '')).status).toBe(403);
  });

  it("refuses over HTTP what main's gate refuses: an agent's call to a supervisor's channel, and anyone's before sign-in", async () => {
    const agent = await addAndSignIn(
      bridgeCall,
      { id: 'ana.agent', displayName: 'Ana Agent', passphrase: 'agent passphrase 1', role: 'agent' },
      () => Date.now(),
    );
    expect(await bridgeCall('secret.set', { profileId: 'sandbox', secret: 'stolen' })).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    expect(await bridgeCall('operators.list')).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    await bridgeCall('session.signOut');
    expect(await bridgeCall('history.query', {})).toMatchObject({ ok: false, error: { kind: 'locked' } });
    expect(agent.secret).toBeDefined();
    // The supervisor again, for the rest of the file: the enrolment and the approval of the agent's account
    // used two steps of the real clock, so this code may wait for the next half minute.
    expect(await signIn(bridgeCall, supervisor, () => Date.now())).toMatchObject({ kind: 'signed-in' });
  }, 60_000);

  it('validates inputs like the Electron bridge does', async () => {
    const result = await (await call('payin.submit', { version: 'v3' })).json();
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid' } });
  });

  it('serves the renderer with the bridge script that names every channel', async () => {
    const page = await (await fetch(`${harness.origin}/`)).text();
    expect(page).toContain('<script src="/__harness/bridge.js"></script>');
    const bridge = await (await fetch(`${harness.origin}/__harness/bridge.js`)).text();
    for (const name of IPC_CHANNEL_NAMES) expect(bridge).toContain(`"${name}"`);
    expect((await fetch(`${harness.origin}/../../etc/passwd`)).status).toBe(404);
  });

  it('streams events to a subscriber holding the token', async () => {
    const refused = await fetch(`${harness.origin}/__events?token=nope`);
    expect(refused.status).toBe(403);
    const controller = new AbortController();
    const stream = await fetch(`${harness.origin}/__events?token=${harness.token}`, {
      signal: controller.signal,
    });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    const started = (await (
      await call('payin.submit', { version: 'v2', fields: v2Fields({ cardNumber: '4000000000003220' }) })
    ).json()) as { data: { historyId: number; bankPage: { url: string } } };
    expect(started).toMatchObject({ ok: true, data: { status: 'action_required' } });
    // The browser's return (unsigned) moves the pay-in to awaiting confirmation: an event for the panel.
    const page = await (await fetch(started.data.bankPage.url)).text();
    expect(page).toContain('form');
    const detail = (await (await call('history.get', { id: started.data.historyId })).json()) as {
      data: { row: { request: string } };
    };
    const ret = new URL((JSON.parse(detail.data.row.request) as { retURL: string }).retURL);
    await fetch(`${ret.href}?status=COMPLETED&orderStatus=2`);
    let text = '';
    while (!text.includes('"status":"awaiting_confirmation"')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    controller.abort();
    expect(text).toContain('"status":"awaiting_confirmation"');
  });

  it('answers only requests to its own address from its own page: Host and Origin are checked', async () => {
    const own = new URL(harness.origin).host;
    const port = new URL(harness.origin).port;
    /** node:http, because fetch will not send a Host header of the caller's choosing. */
    const raw = (path: string, headers: Record<string, string>, body?: string) =>
      new Promise<{ status: number; text: string }>((done, fail) => {
        const outgoing = httpRequest(
          { host: '127.0.0.1', port, path, method: body === undefined ? 'GET' : 'POST', headers },
          (incoming) => {
            let text = '';
            incoming.setEncoding('utf8').on('data', (chunk: string) => {
              text += chunk;
            });
            incoming.on('end', () => done({ status: incoming.statusCode ?? 0, text }));
          },
        );
        outgoing.on('error', fail);
        outgoing.end(body);
      });
    const ipc = (headers: Record<string, string>) =>
      raw(
        '/__ipc/app.info',
        { 'content-type': 'application/json', 'x-paydesk-token': harness.token, ...headers },
        '{}',
      );

    expect(await ipc({ host: own })).toMatchObject({ status: 200 });
    expect(await ipc({ host: own, origin: harness.origin })).toMatchObject({ status: 200 });
    // DNS rebinding: a hostile name resolved to 127.0.0.1 arrives with that name as its Host.
    for (const host of [
      `rebind.attacker.example:${port}`,
      `localhost:${port}`,
      '127.0.0.1',
      `127.0.0.1:${Number(port) + 1}`,
    ]) {
      expect((await ipc({ host })).status, host).toBe(403);
      expect((await raw('/', { host })).status, host).toBe(403);
      expect((await raw(`/__events?token=${harness.token}`, { host })).status, host).toBe(403);
    }
    // Another site's page, or a sandboxed frame (Origin: null), even holding the token.
    for (const origin of ['http://attacker.example', 'null', `http://localhost:${port}`, `https://${own}`]) {
      expect((await ipc({ host: own, origin })).status, origin).toBe(403);
    }
  });
});

describe('web harness: a KYC file uploaded and opened by path', () => {
  const upload = (body: Blob, name: string, token = harness.token) =>
    fetch(`${harness.origin}/__upload/kyc`, {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        'x-paydesk-token': token,
        'x-paydesk-file-name': encodeURIComponent(name),
      },
      body,
    });
  const uploadFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('paydesk-upload-'));

  it('opens the uploaded bytes as the file of that name, and leaves no copy behind', async () => {
    const before = uploadFolders();
    const text = kycCsv([0, 1, 2].map(kycRecord));
    const result = (await (await upload(new Blob([text]), 'people (March).csv')).json()) as IpcResult<{
      fileName: string;
      sha256: string;
      counts: { total: number };
    }>;
    expect(result).toMatchObject({
      ok: true,
      data: { fileName: 'people (March).csv', counts: { total: 3 } },
    });
    if (result.ok) expect(result.data.sha256).toBe(createHash('sha256').update(text).digest('hex'));
    expect(uploadFolders()).toEqual(before);
  });

  it('has no call that takes a path from the page', async () => {
    const result = await (await call('kyc.openPath', { path: '/etc/passwd.csv' })).json();
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    const bridge = await (await fetch(`${harness.origin}/__harness/bridge.js`)).text();
    expect(bridge).not.toContain('"kyc.openPath"');
  });

  it('refuses a name that is a path, or none, and a wrong token', async () => {
    for (const name of ['../people.csv', '/etc/people.csv', 'a\\b.csv', '..', '']) {
      expect(await (await upload(new Blob(['userId\r\n']), name)).json(), name).toMatchObject({
        ok: false,
        error: { kind: 'invalid', message: 'The upload does not name its file by a plain file name.' },
      });
    }
    expect((await upload(new Blob(['x']), 'a.csv', 'x'.repeat(harness.token.length))).status).toBe(403);
  });

  it('refuses a file past the limit from its length, before its bytes arrive', async () => {
    const port = new URL(harness.origin).port;
    const size = KYC_LIMITS.maxFileBytes + 1024 * 1024;
    const words = fileTooLargeWords('everyone.csv', size, KYC_LIMITS.maxFileBytes);
    const answer = await new Promise<string>((done, fail) => {
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/__upload/kyc',
          method: 'POST',
          headers: {
            'content-type': 'application/octet-stream',
            'content-length': String(size),
            'x-paydesk-token': harness.token,
            'x-paydesk-file-name': 'everyone.csv',
          },
        },
        (incoming) => {
          let text = '';
          incoming.setEncoding('utf8').on('data', (chunk: string) => {
            text += chunk;
          });
          incoming.on('end', () => {
            outgoing.destroy();
            done(text);
          });
        },
      );
      outgoing.on('error', fail);
      // Headers only: not one byte of the body is sent.
      outgoing.flushHeaders();
    });
    expect(JSON.parse(answer)).toEqual({
      ok: false,
      error: { kind: 'invalid', message: englishOf(words), words },
    });
  });

  it('answers a file main refuses with main’s refusal', async () => {
    const result = await (await upload(new Blob(['not a csv']), 'notes.docx')).json();
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'invalid',
        message: '"notes.docx" is not a file Paydesk reads: open a CSV, XLSX or JSON file.',
        words: { key: 'refusal.kyc.notReadable', values: { file: 'notes.docx' } },
      },
    });
  });
});

/** Starts `npm run web` (scripts/web.ts) on a data folder; resolves on its ready line with the page's URL. */
function startWebScript(data: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/web.ts', '--port', '0', '--data', data],
    {
      cwd: resolve(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const ready = new Promise<string>((done, fail) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const url = /Paydesk web harness on (\S+)/.exec(output)?.[1];
      if (url) done(url);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.once('exit', (code) => fail(new Error(`web.ts exited (${code}) before it was ready:\n${output}`)));
  });
  const stop = async () => {
    const exited = new Promise((done) => child.once('exit', done));
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { child, ready, stop, output: () => output };
}

describe('data folders', () => {
  it('the composition root creates a new data folder for its own user only (0700)', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'paydesk-data-'));
    const data = join(parent, 'new', 'data');
    const fixture = await startFixture({ dataDir: data, logFile: join(parent, 'paydesk.log') });
    try {
      expect(statSync(data).mode & 0o777).toBe(0o700);
    } finally {
      await fixture.close();
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('scripts/web.ts keeps answering after its ready line when the saved profile is not Sandbox', async () => {
    const data = mkdtempSync(join(tmpdir(), 'paydesk-web-data-'));
    const other = {
      id: 'acquirer-test',
      name: 'Acquirer test',
      environment: 'test',
      // Nothing listens here, and nothing needs to: no call below reaches the gateway.
      baseUrl: 'http://127.0.0.1:9/gw',
      kycBaseUrl: 'http://127.0.0.1:9/kyc',
      merchantId: 555001,
    };
    writeFileSync(
      join(data, 'settings.json'),
      JSON.stringify({ settings: { activeProfileId: other.id, profiles: [SANDBOX_PROFILE, other] } }),
    );
    const web = startWebScript(data);
    try {
      const page = new URL(await web.ready);
      const token = page.searchParams.get('token');
      expect(token, page.href).toBeTruthy();
      const ipc = async (channel: string, input?: unknown) =>
        (await fetch(`${page.origin}/__ipc/${channel}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-paydesk-token': token! },
          body: JSON.stringify({ input }),
        }).then((answer) => answer.json())) as IpcResult<unknown>;
      await enrolFirstSupervisor(ipc, TEST_SUPERVISOR, () => Date.now());
      // Several calls after the ready line, each answered: the harness did not die behind it.
      for (let i = 0; i < 3; i++) {
        expect(await ipc('settings.get')).toMatchObject({
          ok: true,
          data: { settings: { activeProfileId: other.id } },
        });
        expect(await ipc('app.info')).toMatchObject({ ok: true });
      }
      expect(web.child.exitCode).toBeNull();
      expect(web.output()).toMatch(/sandbox gateway: not started/);
    } finally {
      await web.stop();
      rmSync(data, { recursive: true, force: true });
    }
  });

  it('scripts/web.ts creates its data folder for its own user only (0700), before conf does', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'paydesk-web-data-'));
    const data = join(parent, 'new', 'data');
    const web = startWebScript(data);
    try {
      await web.ready;
      expect(statSync(data).mode & 0o777).toBe(0o700);
    } finally {
      await web.stop();
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
