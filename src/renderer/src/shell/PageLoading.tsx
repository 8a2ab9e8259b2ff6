// What a page opened before its code is in shows (shell/lazy-pages.tsx): a quiet line, no spinner in the
// middle of the screen, and no heading yet, so that nothing reads as the page before it is there. If its
// code cannot be loaded, the page says so and offers to try again rather than leave the screen blank.
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { translate } from '@renderer/i18n/i18n';
import { useT } from '@renderer/i18n/use-t';
import { Component, type ReactNode } from 'react';

export function PageLoading({ label }: { label: string }) {
  const t = useT();
  return (
    <Group gap="xs" py="xs" role="status" data-testid="page-loading">
      <Loader size="xs" color="gray" />
      <Text size="sm" c="gray.7">
        {t('shell.pageLoading', { page: label })}
      </Text>
    </Group>
  );
}

interface BoundaryState {
  error: Error | undefined;
}

/** Catches a page whose code failed to load; "Try again" forgets the failure (onRetry) and renders anew. */
export class PageBoundary extends Component<
  { label: string; onRetry: () => void; children: ReactNode },
  BoundaryState
> {
  override state: BoundaryState = { error: undefined };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert color="red" role="alert" title={translate('shell.pageFailed', { page: this.props.label })}>
        {this.state.error.message}
        <Button
          mt="xs"
          size="xs"
          variant="default"
          onClick={() => {
            this.props.onRetry();
            this.setState({ error: undefined });
          }}
        >
          {translate('app.tryAgain')}
        </Button>
      </Alert>
    );
  }
}
