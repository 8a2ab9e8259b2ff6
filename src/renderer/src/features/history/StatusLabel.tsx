import { StatusTag } from '@renderer/lib/StatusTag';
import { type HistoryStatus, STATUS_LOOK } from '@renderer/lib/status-look';

export function StatusLabel({ status }: { status: HistoryStatus }) {
  return <StatusTag look={STATUS_LOOK[status]} state={status} />;
}
