// Setting up a business from a registration request, in one form and one action: its
// organization, its company with the certificate, and the company's owner (invited by email).
// A refused certificate leaves everything else created, with the partial-success message.
import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCircleCheck } from '@tabler/icons-react';
import { conversionSchema, type ConversionInput } from '../../../domain/schemas/registration';
import {
  convertPotentialClient,
  fetchPotentialClient,
  type CertificateOutcome,
  type PotentialClient,
} from '../../api/admin';
import { BackLink } from '../../app/BackLink';
import { ButtonLink } from '../../app/links';
import { usePageTitle } from '../../app/usePageTitle';
import { submitToServer } from '../../forms/submit';
import { valibotValidate } from '../../forms/valibot';
import { LoadState } from '../admin/LoadState';
import { useServerData } from '../admin/useServerData';
import { CertificateInputs, type CertificateValues } from '../companies/CertificateInputs';
import { CertificateResult } from '../companies/CertificateResult';
import { CompanyFields } from '../companies/CompanyFields';
import { OperatorNameFields } from '../operators/OperatorNameFields';
import { OrganizationFields } from '../organizations/OrganizationsPage';
import { useLeaveGuard } from '../../app/shell/useLeaveGuard';

function initialValues(request: PotentialClient): ConversionInput {
  const [first = '', ...rest] = request.fullName.split(/\s+/);
  return {
    organization: {
      name: request.companyName,
      ownerName: request.fullName,
      ownerPhone: request.phone,
      ownerEmail: request.email,
    },
    company: {
      name: request.companyName,
      tin: request.tin,
      vrn: '',
      email: request.email,
      phone: request.phone,
      address: '',
      serial: '',
    },
    owner: {
      firstName: first,
      lastName: rest.join(' '),
      username: request.email
        .split('@')[0]!
        .toLowerCase()
        .replace(/[^a-z0-9._-]/g, ''),
      email: request.email,
      mobile: request.phone,
    },
  };
}

interface Done {
  companyId: string;
  companyName: string;
  username: string;
  email: string;
  invitation: 'sent' | 'failed';
  certificate: CertificateOutcome;
}

export function ConvertPage({ requestId }: { requestId: string }) {
  const { t } = useLingui();
  usePageTitle(t`Set up a business`);
  const request = useServerData(() => fetchPotentialClient(requestId), [requestId]);
  return (
    <Stack gap="lg" maw={900}>
      <BackLink to="/potential-clients">
        <Trans>Potential clients</Trans>
      </BackLink>
      {request.data ? (
        <ConvertForm request={request.data} />
      ) : (
        <LoadState loading={request.loading} failure={request.failure} onRetry={request.reload} />
      )}
    </Stack>
  );
}

function ConvertForm({ request }: { request: PotentialClient }) {
  const [certificate, setCertificate] = useState<CertificateValues>({ file: null, password: '' });
  const [certificateErrors, setCertificateErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<Done | null>(null);
  const form = useForm<ConversionInput>({
    initialValues: initialValues(request),
    validate: valibotValidate(conversionSchema),
  });
  const leave = useLeaveGuard(() => !done && (form.isDirty() || certificate.file !== null));
  const companyName = request.companyName;

  const submit = form.onSubmit(async (values) => {
    const result = await submitToServer(
      {
        setErrors: (errors) => {
          form.setErrors(errors);
          setCertificateErrors(errors);
        },
      },
      () =>
        convertPotentialClient(
          request.id,
          values,
          certificate.file ? { file: certificate.file, password: certificate.password } : null,
        ),
    );
    if (!result) return;
    setDone({
      companyId: result.company.id,
      companyName: result.company.name,
      username: result.owner.username,
      email: result.owner.email,
      invitation: result.invitation,
      certificate: result.certificate,
    });
  });

  if (done) {
    const { companyName: name, username, email } = done;
    return (
      <Stack gap="md" data-testid="setup-done">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          <Trans>{name} is set up</Trans>
        </Title>
        <Alert color="green" icon={<IconCircleCheck />}>
          {done.invitation === 'sent' ? (
            <Trans>
              The owner {username} was invited by email ({email}) with a one-time password.
            </Trans>
          ) : (
            <Trans>
              The owner {username} is created, but the invitation email could not be sent. Send it
              again from the operators list.
            </Trans>
          )}
        </Alert>
        <CertificateResult outcome={done.certificate} />
        <Group>
          <ButtonLink to="/companies/$companyId" params={{ companyId: done.companyId }}>
            <Trans>Open the company</Trans>
          </ButtonLink>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            <Trans>Set up {companyName}</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>
              One step creates the organization, the company with its certificate and the owner, who
              receives a one-time password by email.
            </Trans>
          </Text>
        </div>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Title order={2} fz="h3">
              <Trans>Organization</Trans>
            </Title>
            <OrganizationFields form={form} path="organization." />
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Title order={2} fz="h3">
              <Trans>Company</Trans>
            </Title>
            <CompanyFields form={form} path="company." />
            <CertificateInputs
              value={certificate}
              onChange={setCertificate}
              errors={certificateErrors}
            />
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Title order={2} fz="h3">
              <Trans>Owner</Trans>
            </Title>
            <OperatorNameFields form={form} path="owner." />
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={form.submitting}>
            <Trans>Set up the business</Trans>
          </Button>
        </Group>
      </Stack>
      {leave.dialog}
    </form>
  );
}
