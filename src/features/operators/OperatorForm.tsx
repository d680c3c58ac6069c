// Creating or editing a person of a company (spec §3 Operator, §5 New user and Operator
// creation): names, username, email, 9-digit mobile, organization, company, user type, status
// and entrance day. A new person is invited by email with a one-time password.
import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { calendarDateText } from '../../../domain/calendar-date';
import { USER_STATUSES } from '../../../domain/roles';
import {
  OPERATOR_TYPES,
  operatorSchema,
  operatorTypeLabels,
  userStatusLabels,
  type OperatorInput,
} from '../../../domain/schemas/user';
import {
  createOperator,
  fetchCompanies,
  updateOperator,
  type Operator,
  type OperatorSaved,
} from '../../api/admin';
import { typedDayCalendar } from '../../forms/DayInput';
import { submitToServer } from '../../forms/submit';
import { valibotValidate } from '../../forms/valibot';
import { MobileInput } from '../../forms/MobileInput';
import { TinText } from '../admin/fields';
import { ServerSelect } from '../admin/ServerSelect';
import { useLeaveGuard } from '../../app/shell/useLeaveGuard';

export interface OperatorFormProps {
  /** The person edited; a new one when absent. */
  operator?: Operator;
  /** A fixed company (the owner's, or the one worked in); else the user picks one. */
  company?: { id: string; organizationId: string } | null;
  /** Company owners may only add operators. */
  ownerOnlyOperators?: boolean;
  onSaved(result: OperatorSaved): void;
  onCancel(): void;
}

export function OperatorForm({
  operator,
  company,
  ownerOnlyOperators,
  onSaved,
  onCancel,
}: OperatorFormProps) {
  const { t, i18n } = useLingui();
  const form = useForm<OperatorInput>({
    initialValues: {
      firstName: operator?.firstName ?? '',
      lastName: operator?.lastName ?? '',
      username: operator?.username ?? '',
      email: operator?.email ?? '',
      mobile: operator?.mobile ?? '',
      organizationId: operator?.organizationId ?? company?.organizationId ?? '',
      companyId: operator?.companyId ?? company?.id ?? '',
      userType: operator?.userType ?? 'operator',
      status: operator?.status ?? 'active',
      entranceDay: operator ? calendarDateText(operator.entranceDay) : '',
    },
    // An empty entrance day means today (the server's default), not a wrong date.
    validate: (values) =>
      valibotValidate(operatorSchema)({ ...values, entranceDay: values.entranceDay || undefined }),
  });
  const leave = useLeaveGuard(() => form.isDirty());

  const submit = form.onSubmit(async (values) => {
    const input = { ...values, entranceDay: values.entranceDay || undefined };
    const saved = await submitToServer(form, async () =>
      operator
        ? { operator: await updateOperator(operator.id, input) }
        : await createOperator(input),
    );
    if (saved) onSaved(saved);
  });

  const types = ownerOnlyOperators ? (['operator'] as const) : OPERATOR_TYPES;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {!operator && (
          <Alert variant="light">
            <Trans>
              The new user gets an email with their username and a one-time password, and chooses
              their own password at the first sign-in.
            </Trans>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`First name`} required {...form.getInputProps('firstName')} />
          <TextInput label={t`Last name`} required {...form.getInputProps('lastName')} />
          <TextInput
            label={t`Username`}
            required
            autoCapitalize="none"
            autoComplete="off"
            {...form.getInputProps('username')}
          />
          <TextInput
            label={t`Email`}
            type="email"
            inputMode="email"
            required
            {...form.getInputProps('email')}
          />
          <MobileInput label={t`Mobile number`} required {...form.getInputProps('mobile')} />
          {!company && (
            <ServerSelect
              label={t`Company`}
              required
              load={(search) => fetchCompanies({ search })}
              toOption={(item) => ({ value: item.id, label: item.name })}
              detail={(item) => <TinText tin={item.tin} />}
              initial={
                operator ? { value: operator.companyId, label: operator.companyName } : undefined
              }
              {...form.getInputProps('companyId')}
              onChange={(value, picked) => {
                form.setFieldValue('companyId', value ?? '');
                form.setFieldValue(
                  'organizationId',
                  picked?.organizationId ?? (value ? form.values.organizationId : ''),
                );
              }}
            />
          )}
          <Select
            label={t`Type of user`}
            required
            allowDeselect={false}
            data={types.map((type) => ({ value: type, label: i18n._(operatorTypeLabels[type]) }))}
            {...form.getInputProps('userType')}
          />
          <Select
            label={t`Status`}
            allowDeselect={false}
            data={USER_STATUSES.map((status) => ({
              value: status,
              label: i18n._(userStatusLabels[status]),
            }))}
            {...form.getInputProps('status')}
          />
          <TextInput
            label={t`Entrance day`}
            description={t`DD-MM-YYYY; today when left empty`}
            placeholder={t`DD-MM-YYYY`}
            inputMode="numeric"
            autoComplete="off"
            {...form.getInputProps('entranceDay')}
            {...typedDayCalendar(form.values.entranceDay ?? '', (day) =>
              form.setFieldValue('entranceDay', day),
            )}
          />
        </SimpleGrid>
        {form.errors.organizationId && !company && (
          <Alert color="red" variant="light">
            {form.errors.organizationId}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={form.submitting}>
            {operator ? <Trans>Save</Trans> : <Trans>Create and invite</Trans>}
          </Button>
        </Group>
      </Stack>
      {leave.dialog}
    </form>
  );
}
