import { useT } from '@renderer/i18n/use-t';
import { StatusTag } from '@renderer/lib/StatusTag';
import { type HistoryStatus, statusLook } from '@renderer/lib/status-look';

export function StatusLabel({ status }: { status: HistoryStatus }) {
  const t = useT();
  return <StatusTag look={statusLook(t, status)} state={status} />;
}
