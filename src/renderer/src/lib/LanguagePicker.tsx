// The operator's language, in the top bar (every role) and in Settings: main keeps it for this operator; the
// page renders again in place, so what is typed in a form stays. Each language is named in itself (CLDR,
// through Intl.DisplayNames), so that someone who cannot read the current one still finds theirs.
import { NativeSelect } from '@mantine/core';
import { useT } from '@renderer/i18n/use-t';
import { useLanguageStore } from '@renderer/lib/language-store';
import { isLanguage, LANGUAGES, type Language } from '@shared/languages';
import { useState } from 'react';

const FOLLOW_DESK = 'desk';

function ownName(language: Language): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const choice = useLanguageStore((state) => state.choice);
  const choose = useLanguageStore((state) => state.choose);
  const [problem, setProblem] = useState<string | undefined>();
  if (!choice) return null;
  const options = [
    { value: FOLLOW_DESK, label: t('language.followDesk', { language: ownName(choice.desk) }) },
    ...LANGUAGES.map((language) => ({ value: language, label: ownName(language) })),
  ];
  return (
    <NativeSelect
      size={compact ? 'xs' : 'sm'}
      w={compact ? undefined : '24rem'}
      label={compact ? undefined : t('language.label')}
      aria-label={compact ? t('language.label') : undefined}
      data-testid={compact ? 'language-picker' : 'language-setting'}
      data={options}
      value={choice.chosen ? choice.language : FOLLOW_DESK}
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
