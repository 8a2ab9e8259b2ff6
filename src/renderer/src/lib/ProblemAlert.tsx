// What a form or dialog shows when the thing it tried failed: a compact red alert, read out at once
// (role="alert"), and nothing while there is no problem. The markup every settings form and dialog
// repeated around its own `problem`.
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

export function ProblemAlert({ problem }: { problem: ReactNode }) {
  if (!problem) return null;
  return (
    <Alert color="red" role="alert" p="xs">
      {problem}
    </Alert>
  );
}
