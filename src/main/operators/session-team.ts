// What team mode adds to a desk's session (issue 31 item 7): the hooks through which the team's accounts
// reach session-service.ts, implemented by team-accounts-sync.ts. Types only, so that neither imports the other.
import type { PayInLimit } from '@shared/approvals';
import type { OperatorId } from '@shared/operators';
import type { EnrolmentAnswer } from '../team/team-accounts';
import type { Account } from './account-store';

/** What the team's accounts add to the session (operators/team-accounts-sync.ts implements it). */
export interface SessionTeamHooks {
  /** Reads the team's accounts before a proof; a database that cannot be reached leaves the desk's copy. */
  refresh(): Promise<void>;
  /** Whether the last read failed: sign-in is from the desk's last copy (the session says offline). */
  offline(): boolean;
  /** Writes a supervisor's change to the team first (refused there: nothing changes here either). */
  write(change: AccountChange): Promise<void>;
  /**
   * The operator's own enrolment, to the team, naming the passphrase hash proved when it started
   * (`startedFrom`): 'reset' when a supervisor reset the account since, 'refused' when it no longer waits
   * for one; a Refusal thrown when the team cannot be reached. Without the team's accounts: 'enrolled'.
   */
  enrolled(
    account: Account,
    secret: string,
    newPassphrase: boolean,
    startedFrom: string,
  ): Promise<EnrolmentAnswer>;
  /** Takes a code's step across the team: false for one another desk already took. */
  claimStep(id: OperatorId, step: number): Promise<boolean>;
  /** Wrong sign-ins counted across the team (offline: none, the desk's own count stands alone). */
  signInFailures: TeamSignInFailures;
  /** The desk's own accounts changed (a first supervisor enrolled): a team may take them. */
  changedHere(): void;
}

/** The team's count of wrong sign-ins and its lockout, by the database's clock (team migration 8). */
export interface TeamSignInFailures {
  /** The end (epoch ms) of the operator's lockout across the team, if locked. */
  lockedUntil(id: OperatorId): Promise<number | undefined>;
  /** Counts a wrong attempt; the lockout's end when this one locked the account. */
  wrong(id: OperatorId): Promise<number | undefined>;
  /** A proof passed: the count starts again. */
  proved(id: OperatorId): Promise<void>;
}

/** What a supervisor changed: which account, role or limit goes to the team. */
export type AccountChange =
  /** `added`: a new id, which the team must not have already (ids are never reused). */
  | { kind: 'operator'; id: OperatorId; added?: true }
  | { kind: 'role'; id: string }
  | { kind: 'limit'; scope: PayInLimit['scope']; currency: string };
