// A team desk's Ed25519 signing key, and what it signs. The audit trail's HMAC (history/audit/audit-chain.ts)
// proves an entry to the desk that holds the key and to no one else; a supervisor reading PostgreSQL has
// only the public half of this key. So each audit entry the desk replicates, and its anchor, carry an
// Ed25519 signature over what they say, and anyone with the desk's registered public key can check the
// whole replicated chain (team-verify.ts). The private key lives only in the desk's keychain.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { contentText, type RawEntry } from '../history/audit/audit-chain';

export type DeskSigner = {
  /** sha256 of the public key's DER (SPKI), first 32 hex digits: how a signature names its key. */
  readonly keyId: string;
  /** The public key as base64 DER (SPKI), as registered in paydesk.desk_keys. */
  readonly publicKey: string;
  signEntry(deskId: string, entry: RawEntry): string;
  signAnchor(deskId: string, seq: number, hash: string): string;
};

/** The key id of a public key given as base64 DER: what the team database's CHECK recomputes too. */
export function keyIdOf(publicKeyBase64: string): string {
  return createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex').slice(0, 32);
}

/** What an entry's signature covers: the desk, the entry's place in the chain, its seal and its content. */
export function entryStatement(deskId: string, entry: RawEntry): string {
  return `paydesk-audit-entry-v1\n${deskId}\n${entry.seq}\n${entry.prev_hash}\n${entry.hash}\n${contentText(entry)}`;
}

/** What an anchor's signature covers: the desk's newest entry as the desk itself last replicated it. */
export function anchorStatement(deskId: string, seq: number, hash: string): string {
  return `paydesk-audit-anchor-v1\n${deskId}\n${seq}\n${hash}`;
}

function signText(key: KeyObject, text: string): string {
  return sign(null, Buffer.from(text, 'utf8'), key).toString('base64');
}

/** A signer over a private key kept as PKCS#8 PEM (the keychain's text). */
export function deskSigner(privateKeyPem: string): DeskSigner {
  const privateKey = createPrivateKey(privateKeyPem);
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error('The desk signing key is not an Ed25519 key.');
  const publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    keyId: keyIdOf(publicKey),
    publicKey,
    signEntry: (deskId, entry) => signText(privateKey, entryStatement(deskId, entry)),
    signAnchor: (deskId, seq, hash) => signText(privateKey, anchorStatement(deskId, seq, hash)),
  };
}

/** A new signing key, as the PKCS#8 PEM the keychain keeps. */
export function newSigningKeyPem(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** The desk's signing key from the keychain, made and stored there on first use. */
export async function loadDeskSigner(vault: {
  getTeamItem(item: 'signing-key'): Promise<string | undefined>;
  setTeamItem(item: 'signing-key', value: string): Promise<void>;
}): Promise<DeskSigner> {
  const stored = await vault.getTeamItem('signing-key');
  if (stored) return deskSigner(stored);
  const pem = newSigningKeyPem();
  await vault.setTeamItem('signing-key', pem);
  return deskSigner(pem);
}

/** A registered public key (base64 DER) read once; undefined when it is not an Ed25519 key. */
export function publicKeyOf(publicKey: string): KeyObject | undefined {
  try {
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ed25519' ? key : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `signature` (base64) is `key`'s over `statement`. Never throws. */
export function signatureHolds(key: KeyObject, statement: string, signature: string): boolean {
  try {
    return verify(null, Buffer.from(statement, 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/**
 * signatureHolds on libuv's thread pool (crypto.verify with a callback): a page of entries is checked on
 * every core at once, where the synchronous form holds the main thread for each (team-verify.ts). Never rejects.
 */
export function signatureHoldsOffThread(
  key: KeyObject,
  statement: string,
  signature: string,
): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      verify(null, Buffer.from(statement, 'utf8'), key, Buffer.from(signature, 'base64'), (error, holds) =>
        resolve(!error && holds),
      );
    } catch {
      resolve(false);
    }
  });
}
