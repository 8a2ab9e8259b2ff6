// The date field's month grid (the WAI-ARIA date picker dialog's grid): one day button in the Tab order, the
// arrows move it by a day or a week, Page Up/Down by a month (Shift: a year), Home/End to the week's ends,
// Enter or Space picks it; Escape is the dialog's (DateField's popover). Month and weekday names are Intl's in
// the desk's language, and the week starts on the language's first day (calendar.ts).
import { useLocale, useT } from '@renderer/i18n/use-t';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons';
import {
  addMonths,
  dayAfterKey,
  firstDayOfWeek,
  fullDay,
  localToday,
  monthTitle,
  monthWeeks,
  weekdayNames,
} from './calendar';

interface CalendarProps {
  /** The field's day, "YYYY-MM-DD", or "" for none: the focus starts there, else on today. */
  value: string;
  /** The latest day that may be picked. */
  max?: string;
  onPick: (day: string) => void;
  /** The id the dialog is labelled by: the month's title. */
  titleId: string;
}

const notAfter = (day: string, max: string | undefined) => (max !== undefined && day > max ? max : day);

export function Calendar({ value, max, onPick, titleId }: CalendarProps) {
  const t = useT();
  const locale = useLocale();
  const firstDay = firstDayOfWeek(locale);
  const today = localToday();
  const [focused, setFocused] = useState(() => notAfter(value || today, max));
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);
  const keysId = useId();

  // After a key moved it, the focus follows the day (not on opening: the focus trap's; not after a month
  // button, which keeps it). After every render: `moved` says whether this one follows a key.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  });

  const go = (day: string, focusDay: boolean) => {
    moved.current = focusDay;
    setFocused(notAfter(day, max));
  };

  function onKeyDown(event: KeyboardEvent) {
    const next = dayAfterKey(focused, event.key, event.shiftKey, firstDay);
    if (next === undefined) return;
    event.preventDefault();
    go(next, true);
  }

  const names = weekdayNames(locale, firstDay);
  const nextMonth = addMonths(focused, 1);
  const lastMonth = max !== undefined && nextMonth.slice(0, 7) > max.slice(0, 7);
  return (
    <div className="paydesk-calendar">
      <div className="paydesk-calendar-head">
        <button
          type="button"
          className="paydesk-calendar-step"
          aria-label={t('dates.calendar.previousMonth')}
          onClick={() => go(addMonths(focused, -1), false)}
        >
          <ChevronLeftIcon />
        </button>
        <div id={titleId} className="paydesk-calendar-title" aria-live="polite">
          {monthTitle(focused, locale)}
        </div>
        <button
          type="button"
          className="paydesk-calendar-step"
          aria-label={t('dates.calendar.nextMonth')}
          disabled={lastMonth}
          onClick={() => go(nextMonth, false)}
        >
          <ChevronRightIcon />
        </button>
      </div>
      <table
        ref={grid}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA date picker's grid: a screen reader hands it the arrows.
        role="grid"
        aria-labelledby={titleId}
        aria-describedby={keysId}
        className="paydesk-calendar-grid"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {names.map((name) => (
              <th key={name.long} scope="col" abbr={name.long}>
                {name.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(focused, firstDay).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, index) =>
                day === null ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a blank cell has no day; its place is its name.
                  <td key={index} />
                ) : (
                  // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a grid's cell (gridcell) has aria-selected.
                  <td key={day} aria-selected={day === value}>
                    <button
                      type="button"
                      tabIndex={day === focused ? 0 : -1}
                      data-autofocus={day === focused || undefined}
                      aria-label={fullDay(day, locale)}
                      aria-current={day === today ? 'date' : undefined}
                      disabled={max !== undefined && day > max}
                      onClick={() => onPick(day)}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={keysId} className="paydesk-calendar-keys">
        {t('dates.calendar.keys')}
      </p>
    </div>
  );
}
