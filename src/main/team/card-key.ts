// The card's keyed fingerprint for the team duplicate check: HMAC-SHA256 under the team key (the same on
// every desk, kept in each desk's OS keychain), never the number. Without the key a fingerprint cannot be
// tested against candidate numbers, so the team database holds nothing that identifies a card. A typed
// card is fingerprinted by its digits; a card stored with the acquirer (no number on the desk) by its
// storage id, so the same card typed on one desk and picked from stored cards on another is not matched
// by the team check (the desk's own masked-number check still sees it).
import { createHmac } from 'node:crypto';
import { teamKeySchema } from '@shared/team';

export type CardForKey = { cardNumber: string } | { ccStorageID: string };

export function cardKeyOf(teamKey: string, card: CardForKey): string {
  const key = Buffer.from(teamKeySchema.parse(teamKey), 'hex');
  const subject =
    'cardNumber' in card ? `pan:${card.cardNumber.replace(/\D/g, '')}` : `stored:${card.ccStorageID}`;
  return createHmac('sha256', key).update(`paydesk-card-v1:${subject}`, 'utf8').digest('hex');
}
