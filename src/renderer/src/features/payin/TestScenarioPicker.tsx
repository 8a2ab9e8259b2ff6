// Sandbox only: pick an outcome, the form is filled, the focus lands on Send: two keystrokes to a demo.
import { useLocale, useT } from '@renderer/i18n/use-t';
import { SearchSelect } from '@renderer/lib/SearchSelect';
import { useEffect, useMemo, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { PayInFormValues } from './form';
import { scenarioLabel, scenarioSelectData, scenarioValues, TEST_SCENARIOS } from './test-scenarios';

export const SEND_BUTTON_ID = 'payin-send';

export function TestScenarioPicker() {
  const { setValue, clearErrors, watch } = useFormContext<PayInFormValues>();
  const t = useT();
  // The scenario's id: its name is read in the active language when shown.
  const [filled, setFilled] = useState<string | undefined>();
  const locale = useLocale();
  const filledScenario = TEST_SCENARIOS.find((entry) => entry.id === filled);
  // biome-ignore lint/correctness/useExhaustiveDependencies: t reads the active language, which locale names.
  const data = useMemo(() => scenarioSelectData(t), [t, locale]);

  // "Filled: …" describes the form only until the agent changes it.
  useEffect(() => {
    const subscription = watch((_values, { type }) => {
      if (type === 'change') setFilled(undefined);
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  function apply(id: string | null) {
    if (!id) return;
    const values = scenarioValues(id, new Date(), locale);
    if (!values) return;
    for (const [name, value] of Object.entries(values)) {
      // react-hook-form's setValue ties the value's type to a literal field name, which Object.entries loses.
      setValue(name as keyof PayInFormValues, value as never, { shouldDirty: true });
    }
    clearErrors();
    setFilled(id);
    setTimeout(() => document.getElementById(SEND_BUTTON_ID)?.focus(), 0);
  }

  return (
    <SearchSelect
      label={t('payin.scenario.label')}
      description={
        filledScenario
          ? t('payin.scenario.filled', { scenario: scenarioLabel(t, filledScenario) })
          : t('payin.scenario.description')
      }
      placeholder={t('payin.scenario.placeholder')}
      data={data}
      value={null}
      onChange={apply}
      searchable
      w="20rem"
      maxDropdownHeight={360}
      data-testid="test-scenario"
    />
  );
}
