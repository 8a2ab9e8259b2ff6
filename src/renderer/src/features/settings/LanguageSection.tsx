// Settings' language: the same choice as the top bar's, with what it does said in full.
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { LanguagePicker } from '@renderer/lib/LanguagePicker';

export function LanguageSection() {
  const t = useT();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="language-title">
      <Stack gap="sm">
        <Title order={3} id="language-title">
          {t('language.section.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('language.section.intro')}
        </Text>
        <LanguagePicker testId="language-setting" w="24rem" followDesk />
      </Stack>
    </Paper>
  );
}
