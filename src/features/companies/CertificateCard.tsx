// Replacing a company's certificate (a renewal, or a first upload that failed): the new file is
// checked and the VFD registered again only when TRA needs it; a refused file keeps the old one.
import { useEffect, useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { recordMessages } from '../../../domain/record-messages';
import { replaceCertificate, type VfdState } from '../../api/admin';
import { notifySuccess } from '../../app/notify';
import { submitToServer } from '../../forms/submit';
import { CertificateInputs, type CertificateValues } from './CertificateInputs';

export function CertificateCard({
  companyId,
  registered,
  onInstalled,
  onPending,
}: {
  companyId: string;
  registered: boolean;
  onInstalled(vfd: VfdState): void;
  /** Told whether a file or password is chosen and not yet uploaded. */
  onPending(pending: boolean): void;
}) {
  const { t, i18n } = useLingui();
  const [value, setValue] = useState<CertificateValues>({ file: null, password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const pending = value.file !== null || value.password !== '';
  useEffect(() => onPending(pending), [onPending, pending]);

  const upload = async () => {
    const missing: Record<string, string> = {};
    if (!value.file) missing.file = i18n._(recordMessages.certificateFileRequired);
    if (!value.password) missing.password = i18n._(recordMessages.certificatePasswordRequired);
    setErrors(missing);
    if (!value.file || !value.password) return;
    setBusy(true);
    const vfd = await submitToServer({ setErrors }, () =>
      replaceCertificate(companyId, { file: value.file!, password: value.password }),
    );
    setBusy(false);
    if (!vfd) return;
    setValue({ file: null, password: '' });
    notifySuccess(t`The certificate is installed.`);
    onInstalled(vfd);
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="cert-title">
      <Stack gap="md">
        <Title order={2} fz="h3" id="cert-title">
          {registered ? (
            <Trans>Replace the certificate</Trans>
          ) : (
            <Trans>Upload the certificate</Trans>
          )}
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            The PFX file and password TRA issued for this company's VFD. Receipts already issued
            stay valid.
          </Trans>
        </Text>
        <CertificateInputs value={value} onChange={setValue} errors={errors} required />
        <Group justify="flex-end">
          <Button onClick={() => void upload()} loading={busy}>
            <Trans>Upload</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
