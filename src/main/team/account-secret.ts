// An operator's authenticator secret as the team database keeps it (team migration 7): AES-256-GCM under a
// key derived from the team key, which is in each desk's OS keychain (beside the card fingerprints' use of
// it, card-key.ts) and never in the database. A pg_dump, or a DBA reading the table, gets ciphertext no one
// can compute a code from. The operator id is bound in as associated data, so a sealed secret copied onto
// another account does not open there.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { teamKeySchema } from '@shared/team';
import { teamSealedSecretSchema } from '@shared/team-accounts';

const PREFIX = 'tk1:';

function secretsKey(teamKey: string): Buffer {
  const key = Buffer.from(teamKeySchema.parse(teamKey), 'hex');
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'paydesk team operators totp v1', 32));
}

const boundTo = (operatorId: string) => Buffer.from(`paydesk-operator:${operatorId}`, 'utf8');

export function sealTeamSecret(teamKey: string, operatorId: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretsKey(teamKey), iv);
  cipher.setAAD(boundTo(operatorId));
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

/** Throws when the key is not the team's or the secret was made for another operator (or changed). */
export function openTeamSecret(teamKey: string, operatorId: string, sealed: string): string {
  const raw = Buffer.from(teamSealedSecretSchema.parse(sealed).slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', secretsKey(teamKey), raw.subarray(0, 12));
  decipher.setAAD(boundTo(operatorId));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
