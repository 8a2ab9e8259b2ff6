// An export button that asks which form the file takes (shared/csv-export.ts): for a spreadsheet in the
// agent's language, or machine-readable as before. The choice goes to main as the channel's `format`, with
// the language the page speaks and the desk's time zone; main writes the file from that alone.
import '@mantine/core/styles/Menu.css';
import { Button, Menu, Text } from '@mantine/core';
import { useLocale, useT } from '@renderer/i18n/use-t';
import type { CsvFormat } from '@shared/csv-export';
import { deskTimeZone } from '@shared/i18n/format';
import { isLanguage, type Language } from '@shared/languages';
import type { ReactNode } from 'react';
import { languageOwnName } from './LanguagePicker';

/** The spreadsheet form in the language the page speaks, on the desk's clock. */
export function useSpreadsheetFormat(): CsvFormat & { language: Language } {
  const locale = useLocale();
  const language = isLanguage(locale) ? locale : 'en';
  return { form: 'spreadsheet', language, timeZone: deskTimeZone() };
}

export function ExportFormatMenu(props: {
  children: ReactNode;
  onExport: (format: CsvFormat) => void;
  /** What each form gives, in a line under its name. */
  hints: { spreadsheet: string; machine: string };
  loading?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const t = useT();
  const spreadsheet = useSpreadsheetFormat();
  return (
    <Menu position="bottom-end" width={320} withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          loading={props.loading}
          disabled={props.disabled}
          data-testid={props.testId}
        >
          {props.children}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('export.form.choose')}</Menu.Label>
        <Menu.Item
          onClick={() => props.onExport(spreadsheet)}
          data-testid={props.testId && `${props.testId}-spreadsheet`}
        >
          <Text size="sm">
            {t('export.form.spreadsheet', { language: languageOwnName(spreadsheet.language) })}
          </Text>
          <Text size="xs" c="gray.7">
            {props.hints.spreadsheet}
          </Text>
        </Menu.Item>
        <Menu.Item
          onClick={() => props.onExport({ form: 'machine' })}
          data-testid={props.testId && `${props.testId}-machine`}
        >
          <Text size="sm">{t('export.form.machine')}</Text>
          <Text size="xs" c="gray.7">
            {props.hints.machine}
          </Text>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
