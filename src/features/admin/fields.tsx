// Inputs the administration forms share: a 9-digit Tanzanian mobile after +255, and labels of
// statuses.
import { TextInput, type TextInputProps } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';

export function MobileInput(props: TextInputProps) {
  const { t } = useLingui();
  return (
    <TextInput
      description={t`9 digits, without the leading 0`}
      type="tel"
      inputMode="numeric"
      autoComplete="off"
      leftSection="+255"
      leftSectionWidth={56}
      maxLength={9}
      {...props}
    />
  );
}

/** "TIN 123456789", as lists show a company's or applicant's TIN. */
export function TinText({ tin }: { tin: string }) {
  return <Trans>TIN {tin}</Trans>;
}
