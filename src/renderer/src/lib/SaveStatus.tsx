// The line beside a settings form's save button: "Unsaved changes." while the form differs from what is
// stored, "Saved." after a save, read out politely (role="status").
import { Text } from '@mantine/core';

export function SaveStatus({ isDirty, saved }: { isDirty: boolean; saved: boolean }) {
  return (
    <Text size="sm" c="dimmed" role="status">
      {isDirty ? 'Unsaved changes.' : saved ? 'Saved.' : ''}
    </Text>
  );
}
