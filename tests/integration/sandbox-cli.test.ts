// The CLI: `tsx src/sandbox/cli.ts --port 0` prints its real address once it accepts connections.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { signBody } from '../../src/node/sign';
import { payV2, postForm, v1Form } from '../support/sandbox/sandbox-helpers';

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
});

function startCli(args: string[]): Promise<{ url: string; exited: Promise<number | null> }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', ...args], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let output = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /^Sandbox gateway listening on (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(output);
      if (match) resolve({ url: match[1]!, exited });
    });
    proc.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    proc.once('exit', (code) => reject(new Error(`CLI exited (${code}) before listening:\n${output}`)));
  });
}

describe('sandbox CLI', () => {
  it('listens on 127.0.0.1 with --port 0, serves requests and stops on SIGTERM', async () => {
    const { url, exited } = await startCli(['--port', '0']);
    expect(new URL(url).port).not.toBe('0');
    const answer = await payV2(url);
    expect(answer.json).toMatchObject({ code: 0, data: { orderStatus: 2 } });
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('takes the merchant id and secret from the command line', async () => {
    const { url } = await startCli(['--port', '0', '--merchant-id', '777', '--secret', 'cli-secret']);
    const form = new URLSearchParams(v1Form({ merchantId: '777' }, 'cli-secret'));
    expect((await postForm(url, '/openapi/v1/pwpp', form.toString())).json.code).toBe(0);
    const unsigned = Object.fromEntries(form);
    const wrong = {
      ...unsigned,
      sign: signBody({ ...unsigned, sign: undefined }, 'sandbox-secret', 'hmac-sha256'),
    };
    const refused = await postForm(url, '/openapi/v1/pwpp', new URLSearchParams(wrong).toString());
    expect(refused.json.code).toBe(90751002);
    expect((await payV2(url)).json.code).toBe(90751003);
  });

  it('refuses a bad option with a usage message and exit code 2', async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', 'eighty'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    proc.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/--port/);
    expect(stderr).toMatch(/Usage:/);
  });
});
