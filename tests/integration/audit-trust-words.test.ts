// What the audit trail says about its own key and anchor (issue 33): each notice is one catalogue entry,
// its English (the log's) that entry in English and its words said in the reviewer's language. The
// keychain's error text goes in as a value, as the OS wrote it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AuditTrustStore, loadAuditTrust } from '../../src/main/history/audit/audit-trust';
import type { Worded } from '../../src/main/i18n/worded';
import { inEnglish, wordsIn } from '../../src/main/i18n/words';
import { reasonTexts } from '../../src/renderer/src/lib/words-text';
import english from '../../src/shared/i18n/catalogs/en.json';
import type { MessageKey } from '../../src/shared/i18n/messages';

let dir: string;
let filePath: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-trust-words-'));
  filePath = join(dir, 'history.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function store(behaviour: { read?: 'fail' | 'garbled'; write?: () => boolean }): AuditTrustStore {
  return {
    kind: 'keychain',
    read: async (item) => {
      if (behaviour.read === 'fail') throw new Error('the keyring is locked');
      return behaviour.read === 'garbled' && item === 'key' ? 'not a key record' : undefined;
    },
    write: async () => {
      if (behaviour.write && !behaviour.write()) throw new Error('no space left');
    },
  };
}

function expectWorded(notices: readonly Worded[], keys: string[]) {
  expect(notices.map((notice) => notice.words.key)).toEqual(keys);
  for (const { message, words } of notices) {
    expect(Object.keys(english)).toContain(words.key);
    expect(inEnglish()(words.key as MessageKey, words.values)).toBe(message);
  }
}

describe("the audit trust's notices", () => {
  it('words a keychain that cannot be read, with its error as sent', async () => {
    const trust = await loadAuditTrust(store({ read: 'fail' }), { filePath });
    expectWorded(trust.notices, ['audit.trust.keychainUnreadable']);
    expect(trust.notices[0]!.message).toMatch(/could not be read \(the keyring is locked\)/);
  });

  it('words an unreadable key', async () => {
    const trust = await loadAuditTrust(store({ read: 'garbled' }), { filePath });
    expectWorded(trust.notices, ['audit.trust.keyUnreadable']);
  });

  it('words an anchor and a key that could not be saved, and an anchor write failing later', async () => {
    const failing = await loadAuditTrust(store({ write: () => false }), { filePath });
    expectWorded(failing.notices, ['audit.trust.anchorNotSaved', 'audit.trust.keyNotSaved']);

    let writable = true;
    const later = await loadAuditTrust(store({ write: () => writable }), { filePath });
    expect(later.notices).toEqual([]);
    writable = false;
    later.setAnchor({ ...later.anchor!, seq: later.anchor!.seq });
    await later.flush();
    expectWorded(later.notices, ['audit.trust.anchorNotSavedSince']);
  });

  it('reads in German in the audit panel, and a check made before words as its English', async () => {
    const trust = await loadAuditTrust(store({ read: 'fail' }), { filePath });
    const german = await wordsIn('de');
    const reasons = trust.notices.map((notice) => notice.message);
    const [said] = reasonTexts(german, { reasons, words: trust.notices.map((notice) => notice.words) });
    expect(said).toBe(
      'Der Schlüsselbund konnte nicht gelesen werden (the keyring is locked), daher steht der Protokollschlüssel nicht zur Verfügung: Diese Sitzung versiegelt ihre Einträge mit einem Schlüssel, der nur im Speicher gehalten wird, und frühere Einträge lassen sich nicht nachweisen.',
    );
    expect(reasonTexts(german, { reasons })).toEqual(reasons);
  });
});
