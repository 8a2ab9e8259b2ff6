// The operator's language, under the navigation (every role) and in Settings: main keeps it for this operator; the
// page renders again in place, so what is typed in a form stays. Each language is named in itself (CLDR,
// through Intl.DisplayNames), so that someone who cannot read the current one still finds theirs.
import { NativeSelect } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { useLanguageStore } from '@renderer/lib/language-store';
import { isLanguage, LANGUAGES, type Language } from '@shared/languages';
import { useState } from 'react';

const FOLLOW_DESK = 'desk';

/** A language named in itself ("Deutsch"), for whoever reads it. */
export function languageOwnName(language: Language): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/**
 * `followDesk`: offers to follow the computer's language again (Settings); under the navigation, where it
 * has 200 px, only the four languages.
 */
export function LanguagePicker({
  testId,
  w = '100%',
  followDesk = false,
}: {
  testId: string;
  w?: string;
  followDesk?: boolean;
}) {
  const t = useT();
  const choice = useLanguageStore((state) => state.choice);
  const choose = useLanguageStore((state) => state.choose);
  const [problem, setProblem] = useState<string | undefined>();
  if (!choice) return null;
  const languages = LANGUAGES.map((language) => ({ value: language, label: languageOwnName(language) }));
  const options = followDesk
    ? [
        { value: FOLLOW_DESK, label: t('language.followDesk', { language: languageOwnName(choice.desk) }) },
        ...languages,
      ]
    : languages;
  return (
    <NativeSelect
      size="sm"
      w={w}
      label={t('language.label')}
      data-testid={testId}
      data={options}
      value={choice.chosen || !followDesk ? choice.language : FOLLOW_DESK}
      error={problem}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setProblem(undefined);
        choose(isLanguage(value) ? value : null).catch((error: unknown) =>
          setProblem(
            t('language.problem', { reason: error instanceof Error ? error.message : String(error) }),
          ),
        );
      }}
    />
  );
}
