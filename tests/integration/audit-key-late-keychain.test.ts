// The composition root looks for the audit key in the keychain even when the keychain was not usable for
// merchant secrets at start (the host then hands a memory vault as `vault`): a restart proves what was
// written before, instead of starting a new key over entries it could no longer prove.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../src/main/credentials/memory-vault';
import { startFixture, v2Fields } from '../support/app/paydesk-fixture';

const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-late-keychain-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the audit key when secrets live in memory', () => {
  it('is kept in the keychain vault, and a restart proves what was written before', async () => {
    // The same "keychain" across both runs; a fresh memory vault for secrets each time.
    const keychain = createMemoryVault();
    const first = await startFixture({ dataDir, vault: createMemoryVault(), keychainVault: keychain });
    const paid = await first.data('payin.submit', { version: 'v2', fields: v2Fields() });
    await first.close();

    const second = await startFixture({ dataDir, vault: createMemoryVault(), keychainVault: keychain });
    try {
      const status = await second.data('history.auditStatus');
      expect(status.verification).toMatchObject({ ok: true, unproved: null, notices: [] });
      const detail = await second.data('history.get', { id: paid.historyId });
      expect(detail.audit.state).toBe('verified');
    } finally {
      await second.close();
    }

    // Without it (the key looked for in the secrets' memory vault), nothing before can be proved. Nobody
    // can sign in there either (the operator accounts' key is gone too): the history is read from main.
    const third = await startFixture({ dataDir, vault: createMemoryVault(), signIn: false });
    try {
      expect(await third.data('session.status')).toMatchObject({ kind: 'damaged' });
      const status = third.paydesk.history.auditStatus();
      expect(status.verification?.unproved).not.toBeNull();
      expect(third.paydesk.history.rowAudit(paid.historyId)?.state).toBe('unproved');
    } finally {
      await third.close();
    }
  });
});
