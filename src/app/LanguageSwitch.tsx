import { SegmentedControl } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { isLocale } from '../../domain/i18n';
import { switchLanguage } from '../i18n/language';

/** English / Kiswahili; remembered on this device and, when signed in, on the account. */
export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { i18n, t } = useLingui();
  return (
    <SegmentedControl
      size={size}
      aria-label={t`Language`}
      value={i18n.locale}
      onChange={(value) => {
        if (isLocale(value)) void switchLanguage(value);
      }}
      data={[
        { value: 'en', label: 'English' },
        { value: 'sw', label: 'Kiswahili' },
      ]}
    />
  );
}
