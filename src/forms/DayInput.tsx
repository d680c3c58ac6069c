// A day typed as DD-MM-YYYY (spec §5), the form every receipt, list and report of the app shows,
// whatever the phone's own date format (a browser's date field follows the phone: 11/29/2026 on
// one set to American English), with the phone's calendar a tap away. The pages keep the ISO day
// (YYYY-MM-DD) in their address: that is the value in and out. A text that is not yet a day is
// kept as typed, changes nothing, and is named under the field once the field is left.
import { Fragment, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconCalendar } from '@tabler/icons-react';
import { calendarDateText, parseCalendarDate } from '../../domain/calendar-date';

export interface DayInputProps extends Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'min'
> {
  /** The day, as YYYY-MM-DD; undefined when none is chosen. */
  value: string | undefined;
  onChange(day: string | undefined): void;
  /** The first day the calendar offers (YYYY-MM-DD). */
  min?: string;
}

/** "2026-11-29" as shown and typed: "29-11-2026". */
const shown = (day: string | undefined) => (day ? calendarDateText(day) : '');

/** The day a text names: DD-MM-YYYY (or / or . between), or its eight digits alone. */
function readDay(text: string): string | null {
  const digits = /^\s*(\d{2})(\d{2})(\d{4})\s*$/.exec(text);
  return parseCalendarDate(digits ? `${digits[1]}-${digits[2]}-${digits[3]}` : text);
}

/**
 * The browser's own date field, out of sight and out of the tab order: it only opens the phone's
 * calendar. `showPicker` needs it laid out, so it is not `display: none`.
 */
const pickerStyle: CSSProperties = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  opacity: 0,
  pointerEvents: 'none',
  border: 0,
  padding: 0,
};

/**
 * A message with its hyphenated words ("DD-MM-YYYY", "SS-MM-MMMM") kept on one line: in a
 * narrow field the browser would break them at a hyphen, leaving "DD-" above "MM-YYYY".
 */
function unbrokenWords(message: string): ReactNode {
  return message.split(/(\S+-\S+)/).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} style={{ whiteSpace: 'nowrap' }}>
        {part}
      </span>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

export function DayInput({ value, onChange, min, error, onBlur, ...rest }: DayInputProps) {
  const { t } = useLingui();
  const [text, setText] = useState(() => shown(value));
  const [left, setLeft] = useState(false);

  // A day set from elsewhere (the address, a period changed, the calendar) replaces the text,
  // unless the text already names that day or is still being typed towards one (set while
  // rendering, as React advises for state that follows a prop).
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    const day = readDay(text);
    const typedTowards = day === null && value === undefined;
    if (day !== (value ?? null) && !typedTowards) setText(shown(value));
  }

  const unreadable = left && text.trim() !== '' && readDay(text) === null;

  return (
    <TextInput
      {...rest}
      value={text}
      placeholder={t`DD-MM-YYYY`}
      inputMode="numeric"
      autoComplete="off"
      error={
        typeof error === 'string'
          ? unbrokenWords(error)
          : (error ?? (unreadable ? unbrokenWords(t`Enter the date as DD-MM-YYYY`) : undefined))
      }
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        setLeft(false);
        if (typed.trim() === '') {
          if (value !== undefined) onChange(undefined);
          return;
        }
        const day = readDay(typed);
        if (day !== null && day !== value) onChange(day);
      }}
      onBlur={(event) => {
        setLeft(true);
        // Eight digits typed alone read back as the day they name.
        const day = readDay(text);
        if (day !== null) setText(shown(day));
        onBlur?.(event);
      }}
      {...calendarSection(value, min, (day) => {
        setText(shown(day));
        setLeft(false);
        if (day !== value) onChange(day);
      })}
    />
  );
}

/**
 * The calendar button at the end of a day field, for `rightSection`: opens the phone's calendar
 * on `day` (YYYY-MM-DD) and gives back the day chosen.
 */
export function CalendarButton({
  day,
  min,
  onPick,
}: {
  day: string | undefined;
  min?: string;
  onPick(day: string | undefined): void;
}) {
  const { t } = useLingui();
  const picker = useRef<HTMLInputElement>(null);
  const openCalendar = () => {
    const input = picker.current;
    if (!input) return;
    input.value = day ?? '';
    try {
      input.showPicker();
    } catch {
      // A browser without showPicker (or one that refuses it) still opens the field's own way.
      input.focus();
      input.click();
    }
  };
  return (
    <span style={{ position: 'relative', display: 'inline-flex' }}>
      <ActionIcon
        variant="subtle"
        color="gray"
        onClick={openCalendar}
        aria-label={t`Choose the day on a calendar`}
      >
        <IconCalendar size={18} />
      </ActionIcon>
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        min={min}
        style={pickerStyle}
        onChange={(event) => onPick(event.currentTarget.value || undefined)}
      />
    </span>
  );
}

/** A TextInput's right section holding the calendar button (spread onto the TextInput). */
export function calendarSection(
  day: string | undefined,
  min: string | undefined,
  onPick: (day: string | undefined) => void,
) {
  return {
    rightSectionPointerEvents: 'all' as const,
    rightSection: <CalendarButton day={day} min={min} onPick={onPick} />,
  };
}

/**
 * The calendar for a form field that keeps the day as typed text (DD-MM-YYYY), the form's own
 * rules reading it on save: the calendar opens on the day the text names, and writes the day
 * chosen back as text.
 */
export function typedDayCalendar(text: string, setText: (text: string) => void) {
  return calendarSection(parseCalendarDate(text) ?? undefined, undefined, (day) =>
    setText(day ? calendarDateText(day) : ''),
  );
}
