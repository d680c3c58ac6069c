import { useLingui } from '@lingui/react/macro';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/i18n';
import { switchLanguage } from '../i18n/language';
import { Choices } from './Choices';

const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'sw', label: 'Kiswahili' },
] as const satisfies ReadonlyArray<{ value: Locale; label: string }>;

/** English / Kiswahili; remembered on this device and, when signed in, on the account. */
export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { i18n, t } = useLingui();
  return (
    <Choices<Locale>
      size={size}
      aria-label={t`Language`}
      value={isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE}
      onChange={(value) => void switchLanguage(value)}
      data={LANGUAGES}
    />
  );
}
