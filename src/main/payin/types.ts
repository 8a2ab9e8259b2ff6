// What the pay-in modules share: the connection a pay-in goes through and the logger they write to.
import type { Profile } from '@shared/profile';

export interface ActiveConnection {
  profile: Profile;
  baseUrl: string;
  secret: () => Promise<string | undefined>;
  operator: string;
}

/** The app's logger; its redaction masks card fields and return-route tokens. */
export interface PayInLog {
  info(object: object, message?: string): void;
  error(object: object, message?: string): void;
}
