// The line beside a settings form's save button: "Unsaved changes." while the form differs from what is
// stored, "Saved." after a save, read out politely (role="status").
import { Text } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';

export function SaveStatus({ isDirty, saved }: { isDirty: boolean; saved: boolean }) {
  const t = useT();
  return (
    <Text size="sm" c="dimmed" role="status">
      {isDirty ? t('common.unsaved') : saved ? t('common.saved') : ''}
    </Text>
  );
}
