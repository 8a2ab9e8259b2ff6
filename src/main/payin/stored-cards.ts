// Cards stored with the acquirer (storeCc=1): Paydesk keeps the token the gateway returned, per profile
// and userId, with the masked number, brand and expiry to show. Never the card number itself.

import { type StoredCard, storedCardSchema } from '@shared/ipc';
import { z } from 'zod';
import type { KeyValueStore } from '../settings/settings-service';

const KEY = 'storedCards';
const storedCardsFileSchema = z.array(storedCardSchema.extend({ profileId: z.string() }));

export type StoredCards = ReturnType<typeof createStoredCards>;

export function createStoredCards(store: KeyValueStore) {
  function all() {
    const parsed = storedCardsFileSchema.safeParse(store.get(KEY) ?? []);
    return parsed.success ? parsed.data : [];
  }
  return {
    list(profileId: string, userId: string): StoredCard[] {
      return all()
        .filter((card) => card.profileId === profileId && card.userId === userId)
        .map(({ profileId: _profileId, ...card }) => card);
    },
    find(profileId: string, ccStorageID: string): StoredCard | undefined {
      return all().find((card) => card.profileId === profileId && card.ccStorageID === ccStorageID);
    },
    /** Takes the card off the list; answers the card taken off, if there was one. */
    remove(profileId: string, ccStorageID: string): StoredCard | undefined {
      const cards = all();
      const found = cards.find((card) => card.profileId === profileId && card.ccStorageID === ccStorageID);
      if (!found) return undefined;
      store.set(
        KEY,
        cards.filter((card) => card !== found),
      );
      const { profileId: _profileId, ...card } = found;
      return card;
    },
    save(profileId: string, card: StoredCard): void {
      const others = all().filter(
        (existing) => !(existing.profileId === profileId && existing.ccStorageID === card.ccStorageID),
      );
      store.set(KEY, [...others, { ...storedCardSchema.parse(card), profileId }]);
    },
  };
}
