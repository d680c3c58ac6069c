// The certificate part of a form: TRA's PFX file and its password.
import { FileInput, PasswordInput, SimpleGrid } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconCertificate } from '@tabler/icons-react';

export interface CertificateValues {
  file: File | null;
  password: string;
}

export function CertificateInputs({
  value,
  onChange,
  errors,
  required,
}: {
  value: CertificateValues;
  onChange(value: CertificateValues): void;
  errors: { file?: string | undefined; password?: string | undefined };
  required?: boolean;
}) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <FileInput
        label={t`Certificate file (.pfx)`}
        description={t`The file TRA issued for the VFD`}
        accept=".pfx,.p12,application/x-pkcs12"
        leftSection={<IconCertificate size={18} />}
        clearable
        required={required}
        value={value.file}
        onChange={(file) => onChange({ ...value, file })}
        error={errors.file}
        data-testid="certificate-file"
      />
      <PasswordInput
        label={t`Certificate password`}
        autoComplete="off"
        required={required}
        value={value.password}
        onChange={(event) => onChange({ ...value, password: event.currentTarget.value })}
        error={errors.password}
      />
    </SimpleGrid>
  );
}
