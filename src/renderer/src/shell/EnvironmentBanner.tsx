// What the active profile charges, impossible to miss: red for production, amber for a test gateway,
// a calm colour for the sandbox (with its test cards one click away).
import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useT } from '@renderer/i18n/use-t';
import { LazyWhen } from '@renderer/lib/lazy-code';
import type { Profile } from '@shared/profile';
import { LazyTestCardsModal } from './lazy-parts';

export function EnvironmentBanner({ profile }: { profile: Profile }) {
  const t = useT();
  const [cardsOpen, cards] = useDisclosure(false);
  if (profile.environment === 'production') {
    return (
      <Group
        role="alert"
        px="md"
        py={6}
        bg="red.8"
        c="white"
        justify="center"
        data-testid="environment-banner"
        data-environment="production"
      >
        <Text fw={800} size="md" tt="uppercase" lts={0.5}>
          {t('environment.banner.production')}
        </Text>
      </Group>
    );
  }
  if (profile.environment === 'test') {
    return (
      <Group
        px="md"
        py={6}
        bg="yellow.3"
        c="dark.9"
        justify="center"
        data-testid="environment-banner"
        data-environment="test"
      >
        <Text fw={700} size="sm">
          {t('environment.banner.test', { profile: profile.name })}
        </Text>
      </Group>
    );
  }
  return (
    <Group
      px="md"
      py={4}
      bg="teal.0"
      c="teal.9"
      justify="space-between"
      data-testid="environment-banner"
      data-environment="sandbox"
      style={{ borderBottom: '1px solid var(--mantine-color-teal-2)' }}
    >
      <Text fw={600} size="sm">
        {t('environment.banner.sandbox')}
      </Text>
      <Button size="compact-sm" variant="white" color="teal.9" onClick={cards.open}>
        {t('environment.testCards')}
      </Button>
      <LazyWhen when={cardsOpen}>
        <LazyTestCardsModal opened={cardsOpen} onClose={cards.close} />
      </LazyWhen>
    </Group>
  );
}
