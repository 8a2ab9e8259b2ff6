// The app shell: header (active profile, environment), the environment banner, the left navigation
// (Alt+1..4) and the pages. Pages stay mounted when hidden, so a half-typed form survives a look at History.
// The pay-in page is in the shell's own code; the others load on demand (lazy-pages.tsx) and are mounted
// on their first visit, then kept like the rest. Pages do not share the window's scroll: History, KYC and
// Settings come back where they were left; the pay-in page opens at its top, where its first field takes
// the focus (a remembered place further down would leave the focused field out of view).
import { Alert, Badge, Box, Button, Group, Kbd, NavLink, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { SettingsNotices } from '@renderer/features/settings/SettingsNotices';
import { roleName, useT } from '@renderer/i18n/use-t';
import { selectOperator, useSessionStore } from '@renderer/lib/session-store';
import { useActiveProfile, useSettingsStore } from '@renderer/lib/settings-store';
import { wordsText } from '@renderer/lib/words-text';
import {
  type CSSProperties,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { PayInPage } from '../features/payin/PayInPage';
import { ENV_BADGE } from '../features/settings/environment-look';
import { LanguagePicker } from '../lib/LanguagePicker';
import { aModalDialogIsOpen } from '../lib/modal-dialog';
import { usePageRequest } from '../lib/page-request';
import { EnvironmentBanner } from './EnvironmentBanner';
import { HistoryDamageNotice } from './HistoryDamageNotice';
import { LazyPage, type LazyPageId, preloadAfterStart, retryPage } from './lazy-pages';
import { PageBoundary, PageLoading } from './PageLoading';
import './shell.css';
import { type PageId, pagesFor } from './pages';

const LAZY_IDS: readonly LazyPageId[] = ['kyc', 'history', 'settings'];

/** A page loaded on demand: nothing until its first visit, then mounted for good. */
function OnDemandPage({ id, shown, visited }: { id: LazyPageId; shown: boolean; visited: boolean }) {
  const label = useT()(`shell.page.${id}`);
  return (
    <div hidden={!shown}>
      {visited && (
        <PageBoundary label={label} onRetry={() => retryPage(id)}>
          <Suspense fallback={<PageLoading label={label} />}>
            <LazyPage id={id} />
          </Suspense>
        </PageBoundary>
      )}
    </div>
  );
}

export function Shell() {
  const t = useT();
  const operator = useSessionStore(selectOperator);
  const accountsOffline = useSessionStore(
    (state) => state.session?.kind === 'signed-in' && state.session.offline === true,
  );
  const lockNow = useSessionStore((state) => state.lockNow);
  const signOut = useSessionStore((state) => state.signOut);
  // The pages this operator's role may use, in their order; the first is where the shell opens.
  const pages = pagesFor(operator?.permissions ?? []);
  const firstPage: PageId = pages[0]?.id ?? 'payin';
  const [page, setPageState] = useState<PageId>(firstPage);
  const [visited, setVisited] = useState<ReadonlySet<PageId>>(() => new Set([firstPage]));
  const shownPage = useRef<PageId>(firstPage);
  const scrollOf = useRef(new Map<PageId, number>());
  const setPage = useCallback((id: PageId) => {
    if (id !== shownPage.current) scrollOf.current.set(shownPage.current, window.scrollY);
    setPageState(id);
    setVisited((before) => (before.has(id) ? before : new Set(before).add(id)));
  }, []);
  // Before the page paints: where this page was left, or its top.
  useLayoutEffect(() => {
    if (page === shownPage.current) return;
    shownPage.current = page;
    const top = page === 'payin' ? 0 : (scrollOf.current.get(page) ?? 0);
    window.scrollTo({ top, behavior: 'instant' });
  }, [page]);
  const profile = useActiveProfile();
  const appInfo = useSettingsStore((state) => state.appInfo);
  const allowed = (id: PageId) => pages.some((entry) => entry.id === id);

  // Not while a modal dialog is open (a duplicate warning, a receipt): the page would change behind it.
  useHotkeys(
    pages.map((entry) => [
      entry.shortcut.toLowerCase(),
      () => {
        if (!aModalDialogIsOpen()) setPage(entry.id);
      },
      { preventDefault: true },
    ]),
    [],
  );
  // The shell renders once the settings are in, with the pay-in form: the other pages' code follows.
  useEffect(() => preloadAfterStart(), []);
  // A feature asks for another page (History's "Reopen the bank page" shows the Pay-in page).
  useEffect(
    () =>
      usePageRequest.subscribe((state, before) => {
        if (state.latest && state.latest !== before.latest) setPage(state.latest.page);
      }),
    [setPage],
  );

  return (
    <div
      className="shell"
      style={
        { '--shell-header-height': profile?.environment === 'production' ? '92px' : '88px' } as CSSProperties
      }
    >
      <header className="shell-header">
        <Group h={52} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Title order={1} size="h3">
              Paydesk
            </Title>
            {appInfo && (
              <Text size="xs" c="dimmed">
                v{appInfo.version}
              </Text>
            )}
          </Group>
          {profile && (
            // The profile's name may give way (it is on the banner too); the badge and the operator's buttons not.
            <Group gap="xs" wrap="nowrap" data-testid="active-profile" miw={0}>
              <Text size="sm" c="dimmed">
                {t('shell.profile')}
              </Text>
              <Text fw={600}>{profile.name}</Text>
              <Badge
                style={{ flexShrink: 0 }}
                color={ENV_BADGE[profile.environment].color}
                c={ENV_BADGE[profile.environment].text}
                variant="filled"
              >
                {t(`environment.${profile.environment}`)}
              </Badge>
            </Group>
          )}
          {operator && (
            <Group gap="xs" wrap="nowrap" data-testid="signed-in-operator" style={{ flexShrink: 0 }}>
              {/* Name over role: room for the buttons' longer words in German or Portuguese at 1024 px. */}
              <Stack gap={0}>
                <Text size="sm" fw={600} lh={1.2}>
                  {operator.displayName}
                </Text>
                <Text size="xs" c="dimmed" lh={1.2}>
                  {roleName(t, operator)}
                </Text>
                {accountsOffline && (
                  // Team mode, the team database not reached at sign-in (main's `offline` on the session).
                  <Text size="xs" c="orange.8" lh={1.2} maw={220} data-testid="accounts-offline">
                    {t('shell.accountsOffline')}
                  </Text>
                )}
              </Stack>
              <Button size="compact-sm" variant="default" onClick={() => void lockNow()}>
                {t('shell.lockNow')}
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => void signOut()}>
                {t('shell.switchOperator')}
              </Button>
            </Group>
          )}
        </Group>
        {profile && <EnvironmentBanner profile={profile} />}
      </header>

      <div className="shell-navbar">
        <nav aria-label={t('shell.pages')}>
          <Stack gap={2}>
            {pages.map((entry) => (
              <NavLink
                key={entry.id}
                component="button"
                type="button"
                label={t(`shell.page.${entry.id}`)}
                active={page === entry.id}
                aria-current={page === entry.id ? 'page' : undefined}
                aria-keyshortcuts={entry.shortcut}
                onClick={() => setPage(entry.id)}
                rightSection={<Kbd size="xs">{entry.shortcut}</Kbd>}
                fw={page === entry.id ? 700 : 500}
              />
            ))}
          </Stack>
        </nav>
        {/* Here rather than in the top bar, which has no room for it in German or Portuguese at 1024 px. */}
        <Box component="aside" aria-label={t('language.label')} mt="lg" px="xs">
          <LanguagePicker testId="language-picker" />
        </Box>
      </div>

      {/* Named: a bank page in its frame has a main landmark of its own (axe: landmark-unique). */}
      <main className="shell-main" aria-label="Paydesk">
        {appInfo && !appInfo.keychain.available && (
          <Alert color="yellow" mb="md" py={6}>
            {appInfo.keychain.reason
              ? t('shell.noKeychainWhy', {
                  reason: wordsText(t, { message: appInfo.keychain.reason, words: appInfo.keychain.words }),
                })
              : t('shell.noKeychain')}
          </Alert>
        )}
        <HistoryDamageNotice />
        {/* Mounted on every page, so a dismissed banner stays dismissed; Settings shows its own list. */}
        <div hidden={page === 'settings'}>
          <SettingsNotices dismissible />
        </div>
        {allowed('payin') && (
          <div hidden={page !== 'payin'}>
            <PayInPage active={page === 'payin'} />
          </div>
        )}
        {LAZY_IDS.filter(allowed).map((id) => (
          <OnDemandPage key={id} id={id} shown={page === id} visited={visited.has(id)} />
        ))}
      </main>
    </div>
  );
}
