// The audit key and anchor in a REAL Secret Service (`bash scripts/with-keyring.sh npx vitest run <this
// file>`): what the app does at start and on each commit, then a restart that reads them back with a new
// vault instance, as a new process would. Its own service name, and nothing left behind.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AsyncEntry } from '@napi-rs/keyring';
import { afterAll, describe, expect, it } from 'vitest';
import { createKeychainVault, KEYCHAIN_ENTRY_OPTIONS } from '../../src/main/credentials/keychain-vault';
import { auditAccount } from '../../src/main/credentials/vault';
import {
  deskIdOf,
  keyRecordSchema,
  loadAuditTrust,
  vaultTrustStore,
} from '../../src/main/history/audit/audit-trust';
import { openHistoryStore } from '../../src/main/history/store/history-store';
import { payIn } from '../support/history/history-fixtures';

const SERVICE = `paydesk-audit-test-${randomUUID()}`;
const dir = mkdtempSync(join(tmpdir(), 'paydesk-audit-keychain-'));
const filePath = join(dir, 'history.sqlite');
const accounts = (['key', 'anchor'] as const).map((item) => auditAccount(item, deskIdOf(filePath)));

function raw(account: string): Promise<string | null> {
  return new AsyncEntry(SERVICE, account, KEYCHAIN_ENTRY_OPTIONS).getPassword();
}

afterAll(async () => {
  for (const account of accounts) {
    await new AsyncEntry(SERVICE, account, KEYCHAIN_ENTRY_OPTIONS).deleteCredential().catch(() => false);
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('the audit key and anchor in the OS keychain', () => {
  it('are written there, read back after a restart, and prove what was written before', async () => {
    const start = async () => {
      const vault = createKeychainVault(SERVICE);
      const trust = await loadAuditTrust(vaultTrustStore(vault, filePath), { filePath });
      return { trust, history: openHistoryStore(filePath, { trust }) };
    };
    const first = await start();
    expect(first.trust.kind).toBe('keychain');
    const id = first.history.insertPayIn(payIn());
    first.history.updatePayIn(id, { status: 'outcome_unknown' });
    await first.trust.flush();
    first.history.close();

    const record = keyRecordSchema.parse(JSON.parse((await raw(accounts[0]!))!));
    expect(record).toMatchObject({ sealedFrom: 1, legacyUpTo: 0 });
    expect(JSON.parse((await raw(accounts[1]!))!)).toMatchObject({ seq: 2 });

    const second = await start();
    try {
      expect(second.trust.record.key).toBe(record.key);
      expect(second.history.auditStatus().verification).toMatchObject({
        ok: true,
        keyStore: 'keychain',
        unproved: null,
        verifiedUpTo: { seq: 2 },
      });
      expect(await second.history.verifyRow(id)).toEqual({ ok: true });
    } finally {
      await second.trust.flush();
      second.history.close();
    }
  });
});
