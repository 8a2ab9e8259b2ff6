// The approval dialog's code (Mantine's Modal and PasswordInput with it), fetched on first need; the shell
// preloads it. Mounted once, beside the shell, from the first request on.
import { LazyWhen, lazyPart } from '../lazy-code';
import { useApprovalRequest } from './approval-request';

export const LazyApprovalDialog = lazyPart(() =>
  import('./ApprovalDialog').then((module) => module.ApprovalDialog),
);

export function ApprovalHost() {
  const waiting = useApprovalRequest((state) => state.waiting !== undefined);
  return (
    <LazyWhen when={waiting}>
      <LazyApprovalDialog />
    </LazyWhen>
  );
}
