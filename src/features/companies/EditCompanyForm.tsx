// A company's details, corrected by an admin: the same fields as a new company's. Once its VFD is
// registered with TRA, the TIN and serial are TRA's and the server says so under them.
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans } from '@lingui/react/macro';
import { companySchema, type CompanyInput } from '../../../domain/schemas/company';
import { updateCompany, type Company } from '../../api/admin';
import { useLeaveGuard } from '../../app/shell/useLeaveGuard';
import { submitToServer } from '../../forms/submit';
import { valibotValidate } from '../../forms/valibot';
import { CompanyFields } from './CompanyFields';

export function EditCompanyForm({
  company,
  onSaved,
  onCancel,
}: {
  company: Company;
  onSaved(company: Company): void;
  onCancel(): void;
}) {
  const form = useForm<CompanyInput>({
    initialValues: {
      organizationId: company.organizationId,
      name: company.name,
      tin: company.tin,
      vrn: company.vrn ?? '',
      email: company.email,
      phone: company.phone,
      address: company.address,
      serial: company.serial,
    },
    validate: valibotValidate(companySchema),
  });
  const leave = useLeaveGuard(() => form.isDirty());
  const submit = form.onSubmit(async (values) => {
    const saved = await submitToServer(form, () => updateCompany(company.id, values));
    if (saved) {
      leave.release();
      onSaved(saved);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <CompanyFields form={form} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={form.submitting}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
      {leave.dialog}
    </form>
  );
}
