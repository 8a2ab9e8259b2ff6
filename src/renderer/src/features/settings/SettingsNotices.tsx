// What main could not use in the settings file and what it did instead (settings-service.ts): a profile
// that vanished without a word is how a desk ends up charging through the wrong gateway. On every page
// until dismissed (it comes back when there is something new), and always in Settings. The notice is main's
// words, said in the reader's language from the catalogue key main sends with it (words-text.ts).
import '@mantine/core/styles/Code.css';
import { Trans } from '@lingui/react';
import { Alert, Button, Code, List, Text } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { useSettingsStore } from '@renderer/lib/settings-store';
import { wordsText } from '@renderer/lib/words-text';
import type { SettingsNotice } from '@shared/ipc';
import { useState } from 'react';

const NONE: SettingsNotice[] = [];

function NoticeText({ notice }: { notice: SettingsNotice }) {
  const t = useT();
  return (
    <>
      {wordsText(t, { message: notice.message, words: notice.words })}
      {notice.backupFile && (
        <>
          {' '}
          <Trans
            id="settings.page.notices.backup"
            values={{ file: notice.backupFile }}
            components={{ 0: <Code /> }}
          />
        </>
      )}
    </>
  );
}

export function SettingsNotices({ dismissible }: { dismissible: boolean }) {
  const t = useT();
  const notices = useSettingsStore((state) => state.view?.notices ?? NONE);
  const [dismissedCount, setDismissedCount] = useState(0);
  if (notices.length === 0 || (dismissible && notices.length <= dismissedCount)) return null;
  return (
    <Alert
      color="yellow"
      mb="md"
      role="alert"
      data-testid={dismissible ? 'settings-notices-banner' : 'settings-notices'}
    >
      <Text size="sm" fw={700} mb={4}>
        {t('settings.page.notices.title')}
      </Text>
      {notices.length === 1 ? (
        <Text size="sm">
          <NoticeText notice={notices[0]!} />
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {notices.map((notice, index) => (
            // Notices only ever grow, in order: the index is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <List.Item key={index}>
              <NoticeText notice={notice} />
            </List.Item>
          ))}
        </List>
      )}
      {dismissible && (
        <Button mt="xs" size="compact-sm" variant="default" onClick={() => setDismissedCount(notices.length)}>
          {t('settings.page.notices.dismiss')}
        </Button>
      )}
    </Alert>
  );
}
