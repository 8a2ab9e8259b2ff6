// A call main answered `approval_needed` waits here until a supervisor has approved it at this desk or the
// operator has given up: paydesk.ts asks, the approval dialog answers. Zod-free (the first page loads it).
import type { ApprovalRequest } from '@shared/approvals';
import { create } from 'zustand';

interface ApprovalState {
  /** The request the dialog shows, and how to answer the call that waits for it. */
  waiting: { request: ApprovalRequest; settle: (approved: boolean) => void } | undefined;
  settle: (approved: boolean) => void;
}

export const useApprovalRequest = create<ApprovalState>((set, get) => ({
  waiting: undefined,
  settle(approved) {
    const waiting = get().waiting;
    set({ waiting: undefined });
    waiting?.settle(approved);
  },
}));

/** Shows the request to the supervisor; true once they approved it, false if the operator gave up. */
export function askForApproval(request: ApprovalRequest): Promise<boolean> {
  // One at a time: a request already showing is given up (its call answers with main's refusal).
  useApprovalRequest.getState().settle(false);
  return new Promise((resolve) => {
    useApprovalRequest.setState({ waiting: { request, settle: resolve } });
  });
}
