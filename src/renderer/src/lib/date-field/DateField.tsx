// A day typed and shown in the desk's language ("28.11.2026" in de), with a calendar beside it (issue 33,
// item 6): the browser's own date input follows the browser's locale, not the desk's. What is typed is read
// when the field is left or Enter is pressed (shared/i18n/day-text.ts); a day that is not one is refused in
// the desk's words and the value stays as it was. The value in and out is "YYYY-MM-DD", as the date input's was.
import './date-field.css';
import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { type Translate, useLocale, useT } from '@renderer/i18n/use-t';
import { type DayRefusal, dayPattern, formatDay, patternText, readDay } from '@shared/i18n/day-text';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { CalendarIcon } from '../icons';
import { Calendar } from './Calendar';

interface DateFieldProps {
  label: string;
  /** "YYYY-MM-DD", or "" for no day. */
  value: string;
  /** Called with a day read whole ("" when the field is emptied), never with what is still being typed. */
  onChange: (day: string) => void;
  /** The latest day the field takes, "YYYY-MM-DD". */
  max?: string;
  required?: boolean;
  w?: string;
  'data-testid'?: string;
}

function refusalText(t: Translate, refusal: DayRefusal): string {
  const { reason, ...values } = refusal;
  const words = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
  return t(`dates.refusal.${reason}`, words);
}

export function DateField({ label, value, onChange, max, required, w, ...rest }: DateFieldProps) {
  const t = useT();
  const locale = useLocale();
  const placeholder = patternText(dayPattern(locale), {
    day: t('dates.letters.day'),
    month: t('dates.letters.month'),
    year: t('dates.letters.year'),
  });
  const [text, setText] = useState(() => formatDay(value, locale));
  const [refusal, setRefusal] = useState<DayRefusal | undefined>();
  const [opened, setOpened] = useState(false);
  const titleId = useId();

  // A day set from elsewhere (a preset, "Clear filters", another language): shown as the language writes it.
  useEffect(() => {
    setText(formatDay(value, locale));
    setRefusal(undefined);
  }, [value, locale]);

  /** Reads what is typed: a day goes out, else the refusal shows and the value stays. */
  function commit(): boolean {
    const reading = readDay(text, locale, { patternText: placeholder, ...(max !== undefined && { max }) });
    if (!reading.ok) {
      setRefusal(reading.refusal);
      return false;
    }
    setRefusal(undefined);
    setText(formatDay(reading.day, locale));
    if (reading.day !== value) onChange(reading.day);
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // In a form, Enter sends it: with the day just read (React renders a key's updates before the form's
    // submit event, so its handler reads the new day: operator-day.spec), or not at all when there is none.
    if (event.key === 'Enter' && !commit()) event.preventDefault();
  }

  function pick(day: string) {
    setOpened(false);
    setRefusal(undefined);
    setText(formatDay(day, locale));
    if (day !== value) onChange(day);
  }

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      returnFocus
      position="bottom-end"
      shadow="md"
      withinPortal
    >
      <TextInput
        label={label}
        value={text}
        placeholder={placeholder}
        required={required}
        error={refusal && refusalText(t, refusal)}
        // Said when it appears (on leaving the field or Enter), not only when the field is read again.
        errorProps={{ role: 'alert' }}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setRefusal(undefined);
        }}
        onBlur={() => commit()}
        onKeyDown={onKeyDown}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={24}
        w={w}
        classNames={{
          root: 'paydesk-date-field',
          wrapper: 'paydesk-date-field-input',
          error: 'paydesk-date-field-error',
        }}
        rightSectionPointerEvents="all"
        rightSection={
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray.8"
              aria-label={t('dates.calendar.open', { field: label })}
              onClick={() => setOpened((open) => !open)}
            >
              <CalendarIcon />
            </ActionIcon>
          </Popover.Target>
        }
        data-testid={rest['data-testid']}
      />
      <Popover.Dropdown aria-labelledby={titleId} aria-modal="true" p="xs">
        <Calendar value={value} max={max} onPick={pick} titleId={titleId} />
      </Popover.Dropdown>
    </Popover>
  );
}
