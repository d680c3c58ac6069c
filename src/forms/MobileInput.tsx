// A 9-digit Tanzanian mobile number after +255, as every form that asks for one takes it.
import { TextInput, type TextInputProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { mobile9 } from '../../domain/phone';

/**
 * A Tanzanian mobile number, kept as its nine digits. People type or paste it as they know it
 * ("0754 123 456", "+255 754 123 456"): once that reads as a whole number it becomes the nine
 * digits, instead of being cut at nine characters.
 */
export function MobileInput({ onChange, ...props }: TextInputProps) {
  const { t } = useLingui();
  return (
    <TextInput
      description={t`9 digits, without the leading 0`}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      leftSection="+255"
      leftSectionWidth={56}
      maxLength={20}
      onChange={(event) => {
        const nine = mobile9(event.currentTarget.value);
        if (nine !== null) event.currentTarget.value = nine;
        onChange?.(event);
      }}
      {...props}
    />
  );
}
