// Four eyes at the desk (issue 31 item 4): a call that needs a supervisor's approval is refused with
// `approval_needed` and a request main describes; a supervisor, at the same desk, types their own id,
// passphrase and code against that request (`approvals.grant`); the same call made again then goes ahead,
// once. The request is bound to what was asked: a keyed digest of the call's own input (approval-rules.ts
// chooses what goes in), kept in memory only, so an approval of one pay-in never lets another through.
//
// A supervisor cannot approve their own request, except a desk's only supervisor (the exception),
// which is audited as one. Every request, approval and use is audited naming both people.
import { createHmac, randomBytes } from 'node:crypto';
import {
  APPROVAL_TTL_MINUTES,
  type ApprovalAction,
  type ApprovalRequest,
  type grantApprovalInputSchema,
} from '@shared/approvals';
import type { CatalogueWords } from '@shared/i18n/catalogue-words';
import type { OperatorId } from '@shared/operators';
import type { z } from 'zod';
import { Refusal } from '../refusal';
import type { SessionAudit } from './credential-check';
import type { SessionService } from './session-service';

/** What a call asks a supervisor to approve: approval-rules.ts makes one from a channel's input. */
export interface ApprovalSubject {
  action: ApprovalAction;
  /** What the supervisor reads in the dialog, and the audit trail keeps. */
  summary: string;
  /** The summary as the catalogue's key and values, for the dialog in the supervisor's language. */
  words?: CatalogueWords;
  /** What binds the approval to this call: the same text only for the same request. Never stored. */
  binding: string;
}

/** An approval taken for one call: given back if the call was refused before it did anything. */
interface TakenApproval {
  requestId: string;
  approvedBy: OperatorId;
}

interface PendingRequest {
  id: string;
  requester: OperatorId;
  action: ApprovalAction;
  summary: string;
  words?: CatalogueWords | undefined;
  key: string;
  madeAtMs: number;
  approvedBy?: OperatorId;
}

const TTL_MS = APPROVAL_TTL_MINUTES * 60_000;

type Session = Pick<SessionService, 'operatorId' | 'accounts' | 'proveForApproval' | 'monotonicMs' | 'roles'>;

export type Approvals = ReturnType<typeof createApprovals>;

export function createApprovals(session: Session, audit: SessionAudit) {
  /** Binds requests to their input within this run; a restart forgets every request and approval. */
  const bindingKey = randomBytes(32);
  const pending = new Map<string, PendingRequest>();

  const keyOf = (subject: ApprovalSubject) =>
    createHmac('sha256', bindingKey).update(`${subject.action}\n${subject.binding}`).digest('hex');

  function prune(): void {
    const now = session.monotonicMs();
    for (const [id, request] of pending) if (now - request.madeAtMs >= TTL_MS) pending.delete(id);
  }

  /** Who can approve now: enabled, enrolled (a code of their own), of a role that may. */
  function approvers(): OperatorId[] {
    return [...session.accounts().values()]
      .filter(
        (account) =>
          account.enabled &&
          account.totp !== null &&
          !account.temporaryPassphrase &&
          session.roles.permissionsOf(account.role).includes('approvals.grant'),
      )
      .map((account) => account.id);
  }

  function displayName(id: OperatorId): string {
    return session.accounts().get(id)?.displayName ?? id;
  }

  function view(request: PendingRequest): ApprovalRequest {
    const only = approvers();
    return {
      id: request.id,
      action: request.action,
      summary: request.summary,
      ...(request.words && { summaryWords: request.words }),
      requestedBy: { id: request.requester, displayName: displayName(request.requester) },
      selfApprovalAllowed: only.length === 1 && only[0] === request.requester,
    };
  }

  function mine(id: string): PendingRequest {
    prune();
    const request = pending.get(id);
    if (!request || request.requester !== session.operatorId()) {
      throw new Refusal(
        'not_found',
        `This request is no longer waiting (a request lasts ${APPROVAL_TTL_MINUTES} minutes, and only for the ` +
          'person who made it): do it again to ask for approval.',
      );
    }
    return request;
  }

  return {
    /**
     * The approval given for this very call, taken (used once); or a refusal `approval_needed` with the
     * request to show a supervisor, made if none is waiting for the same call.
     */
    take(subject: ApprovalSubject): TakenApproval {
      prune();
      const requester = session.operatorId() as OperatorId;
      const key = keyOf(subject);
      const same = [...pending.values()].filter((r) => r.requester === requester && r.key === key);
      const approved = same.find((request) => request.approvedBy !== undefined);
      if (approved?.approvedBy) {
        pending.delete(approved.id);
        audit('approval.used', 'success', requester, {
          requestId: approved.id,
          action: approved.action,
          summary: approved.summary,
          approvedBy: approved.approvedBy,
        });
        return { requestId: approved.id, approvedBy: approved.approvedBy };
      }
      let request = same[0];
      if (!request) {
        request = {
          id: randomBytes(16).toString('hex'),
          requester,
          action: subject.action,
          summary: subject.summary,
          words: subject.words,
          key,
          madeAtMs: session.monotonicMs(),
        };
        pending.set(request.id, request);
        audit('approval.requested', 'success', requester, {
          requestId: request.id,
          action: request.action,
          summary: request.summary,
        });
      }
      const error = new Refusal(
        'approval_needed',
        `A supervisor must approve this at the desk: ${subject.summary}. Nothing was done.`,
      );
      error.approval = view(request);
      throw error;
    },

    /** The call was refused before it did anything (a duplicate warning, a bad field): the approval stays. */
    giveBack(taken: TakenApproval, subject: ApprovalSubject): void {
      pending.set(taken.requestId, {
        id: taken.requestId,
        requester: session.operatorId() as OperatorId,
        action: subject.action,
        summary: subject.summary,
        words: subject.words,
        key: keyOf(subject),
        madeAtMs: session.monotonicMs(),
        approvedBy: taken.approvedBy,
      });
    },

    /** A supervisor approves a request of the signed-in operator, with their own id, passphrase and code. */
    async grant(input: z.output<typeof grantApprovalInputSchema>) {
      const request = mine(input.requestId);
      const approver = await session.proveForApproval({
        operatorId: input.supervisorId,
        passphrase: input.passphrase,
        code: input.code,
      });
      const refuse = (reason: string, message: string): never => {
        audit('approval.refused', 'failure', request.requester, {
          requestId: request.id,
          action: request.action,
          by: approver.id,
          reason,
        });
        throw new Refusal('forbidden', message, 'supervisorId');
      };
      if (!session.roles.permissionsOf(approver.role).includes('approvals.grant')) {
        refuse('not a supervisor', `${approver.displayName} cannot approve: only a supervisor can.`);
      }
      const self = approver.id === request.requester;
      if (self && !view(request).selfApprovalAllowed) {
        refuse(
          'own request',
          'You cannot approve your own request: another supervisor must, with their own passphrase and code.',
        );
      }
      request.approvedBy = approver.id;
      audit('approval.granted', 'success', request.requester, {
        requestId: request.id,
        action: request.action,
        summary: request.summary,
        approvedBy: approver.id,
        ...(self && { selfApproved: true, exception: 'the only supervisor of this desk' }),
      });
      return {
        requestId: request.id,
        approvedBy: { id: approver.id, displayName: approver.displayName },
      };
    },
  };
}
