// The Company form's fields (spec §5): name, 9-digit TIN, VRN, email, 9-digit phone, address and
// the VFD serial TRA issued with the certificate. `path` is where they sit in the form's values.
import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { MobileInput } from '../../forms/MobileInput';

export function CompanyFields<Values>({
  form,
  path = '',
}: {
  form: UseFormReturnType<Values>;
  path?: string;
}) {
  const { t } = useLingui();
  const input = (name: string) => form.getInputProps(`${path}${name}`);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label={t`Company name`} required {...input('name')} />
      <TextInput label={t`TIN`} required inputMode="numeric" {...input('tin')} />
      <TextInput label={t`VAT registration number (VRN)`} {...input('vrn')} />
      <TextInput
        label={t`VFD serial number`}
        description={t`From TRA, for example 10TZ100781`}
        required
        autoCapitalize="characters"
        {...input('serial')}
      />
      <TextInput label={t`Email`} type="email" inputMode="email" required {...input('email')} />
      <MobileInput label={t`Phone`} required {...input('phone')} />
      <TextInput label={t`Address`} required {...input('address')} />
    </SimpleGrid>
  );
}
