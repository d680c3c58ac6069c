// A day typed as DD-MM-YYYY (spec §5), the form every receipt, list and report of the app shows,
// whatever the phone's own date format (a browser's date field follows the phone: 11/29/2026 on
// one set to American English), with the phone's calendar a tap away. The pages keep the ISO day
// (YYYY-MM-DD) in their address: that is the value in and out. A text that is not yet a day is
// kept as typed, changes nothing, and is named under the field once the field is left.
import { useRef, useState, type CSSProperties } from 'react';
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconCalendar } from '@tabler/icons-react';
import { parseCalendarDate } from '../../domain/calendar-date';

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
const shown = (day: string | undefined) => (day ? day.split('-').reverse().join('-') : '');

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

export function DayInput({ value, onChange, min, error, onBlur, ...rest }: DayInputProps) {
  const { t } = useLingui();
  const [text, setText] = useState(() => shown(value));
  const [left, setLeft] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

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

  const openCalendar = () => {
    const input = picker.current;
    if (!input) return;
    input.value = value ?? '';
    try {
      input.showPicker();
    } catch {
      // A browser without showPicker (or one that refuses it) still opens the field's own way.
      input.focus();
      input.click();
    }
  };

  return (
    <TextInput
      {...rest}
      value={text}
      placeholder={t`DD-MM-YYYY`}
      inputMode="numeric"
      autoComplete="off"
      error={error ?? (unreadable ? t`Enter the date as DD-MM-YYYY` : undefined)}
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
      rightSectionPointerEvents="all"
      rightSection={
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
            onChange={(event) => {
              const day = event.currentTarget.value || undefined;
              setText(shown(day));
              setLeft(false);
              if (day !== value) onChange(day);
            }}
          />
        </span>
      }
    />
  );
}
