// One of a few choices, side by side (language, period, paper, a list's filter). Native radios,
// so the keyboard and screen readers treat it as the radio group it is.
import { useId } from 'react';
import classes from './Choices.module.css';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

export interface ChoicesProps<T extends string> {
  'aria-label': string;
  value: T;
  onChange(value: T): void;
  data: readonly Choice<T>[];
  size?: 'xs' | 'sm';
  /** Spread over the whole width (up to `maxWidth`). */
  fullWidth?: boolean;
  maxWidth?: number;
  /** Long labels wrap rather than push the last choice out of a narrow screen. */
  wrap?: boolean;
  /** On a phone the choices stack, so no label is cut whatever the language. */
  stackNarrow?: boolean;
  'data-testid'?: string;
}

export function Choices<T extends string>({
  value,
  onChange,
  data,
  size = 'sm',
  fullWidth,
  maxWidth,
  wrap,
  stackNarrow,
  ...rest
}: ChoicesProps<T>) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      className={classes.root}
      data-size={size}
      data-full-width={fullWidth || undefined}
      data-wrap={wrap || undefined}
      data-stack-narrow={stackNarrow || undefined}
      style={maxWidth === undefined ? undefined : { maxWidth }}
      {...rest}
    >
      {data.map((choice) => (
        <label key={choice.value} className={classes.choice}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={choice.value}
            checked={choice.value === value}
            onChange={() => onChange(choice.value)}
          />
          <span className={classes.label}>{choice.label}</span>
        </label>
      ))}
    </div>
  );
}
