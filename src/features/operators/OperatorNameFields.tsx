// A person's own fields (spec §5 New user): names, username, email and 9-digit mobile.
import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { MobileInput } from '../../forms/MobileInput';

export function OperatorNameFields<Values>({
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
      <TextInput label={t`First name`} required {...input('firstName')} />
      <TextInput label={t`Last name`} required {...input('lastName')} />
      <TextInput
        label={t`Username`}
        required
        autoCapitalize="none"
        autoComplete="off"
        {...input('username')}
      />
      <TextInput label={t`Email`} type="email" inputMode="email" required {...input('email')} />
      <MobileInput label={t`Mobile number`} required {...input('mobile')} />
    </SimpleGrid>
  );
}
