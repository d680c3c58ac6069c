// A company with its certificate in one form (spec §5 Company form): organization (an
// organization admin's own, without asking), the company's fields, and TRA's PFX with its
// password. The certificate may fail on its own; then the company is created and the
// partial-success message says what to do.
import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { recordMessages } from '../../../domain/record-messages';
import { companySchema, type CompanyInput } from '../../../domain/schemas/company';
import {
  createCompanyWithCertificate,
  fetchOrganizations,
  type CertificateOutcome,
  type Company,
} from '../../api/admin';
import { submitToServer } from '../../forms/submit';
import { valibotValidate } from '../../forms/valibot';
import { ServerSelect } from '../admin/ServerSelect';
import { CertificateInputs, type CertificateValues } from './CertificateInputs';
import { CompanyFields } from './CompanyFields';
import { useLeaveGuard } from '../../app/shell/useLeaveGuard';
import { useSession } from '../../stores/session';

export function NewCompanyForm({
  onCreated,
  onCancel,
}: {
  onCreated(company: Company, certificate: CertificateOutcome): void;
  onCancel(): void;
}) {
  const { t, i18n } = useLingui();
  /** An organization admin's companies are their organization's: nothing to choose. */
  const ownOrganization = useSession((state) =>
    state.user?.role === 'org_admin' ? state.user.organization_id : null,
  );
  const [certificate, setCertificate] = useState<CertificateValues>({ file: null, password: '' });
  const [certificateErrors, setCertificateErrors] = useState<Record<string, string>>({});
  const form = useForm<CompanyInput>({
    initialValues: {
      organizationId: ownOrganization ?? '',
      name: '',
      tin: '',
      vrn: '',
      email: '',
      phone: '',
      address: '',
      serial: '',
    },
    validate: valibotValidate(companySchema),
  });
  const leave = useLeaveGuard(
    () => form.isDirty() || certificate.file !== null || certificate.password !== '',
  );

  const submit = form.onSubmit(async (values) => {
    const missing: Record<string, string> = {};
    if (!certificate.file) missing.file = i18n._(recordMessages.certificateFileRequired);
    if (!certificate.password)
      missing.password = i18n._(recordMessages.certificatePasswordRequired);
    setCertificateErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const result = await submitToServer(
      {
        setErrors: (errors) => {
          form.setErrors(errors);
          setCertificateErrors(errors);
        },
      },
      () =>
        createCompanyWithCertificate(values, {
          file: certificate.file!,
          password: certificate.password,
        }),
    );
    if (result) onCreated(result.company, result.certificate);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {!ownOrganization && (
          <ServerSelect
            label={t`Organization`}
            required
            load={(search) => fetchOrganizations({ search })}
            toOption={(organization) => ({ value: organization.id, label: organization.name })}
            detail={(organization) => organization.ownerName}
            {...form.getInputProps('organizationId')}
          />
        )}
        <CompanyFields form={form} />
        <CertificateInputs
          value={certificate}
          onChange={setCertificate}
          errors={certificateErrors}
          required
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={form.submitting}>
            <Trans>Create the company</Trans>
          </Button>
        </Group>
      </Stack>
      {leave.dialog}
    </form>
  );
}
