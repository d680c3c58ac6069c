// Editing a pending expense, or entering by hand one whose receipt could not be read (its code
// and time stay). Processed and canceled expenses are final and open read-only instead.
import { Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { errorMessages } from '../../../domain/errors';
import { canEditExpense } from '../../../domain/expense';
import { useExpense } from '../../db/useExpense';
import { BackLink } from '../../app/BackLink';
import { useCompanyId } from '../../app/useCompanyId';
import { usePageTitle } from '../../app/usePageTitle';
import { ExpenseForm } from './ExpenseForm';

const routeApi = getRouteApi('/_app/expenses/$expenseId/edit');

export function EditExpensePage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Edit expense`);
  const companyId = useCompanyId();
  const { expenseId } = routeApi.useParams();
  const navigate = useNavigate();
  const expense = useExpense(companyId, expenseId);
  if (!companyId || expense === undefined) return null;
  const back = () => void navigate({ to: '/expenses/$expenseId', params: { expenseId } });
  return (
    <Stack gap="md" maw={820}>
      <BackLink to="/expenses/$expenseId" params={{ expenseId }}>
        {expense?.vendor?.name ?? t`Expense`}
      </BackLink>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        <Trans>Edit expense</Trans>
      </Title>
      {!expense ? (
        <Text c="dimmed">
          <Trans>This expense is not on this phone.</Trans>
        </Text>
      ) : !canEditExpense(expense.status) ? (
        <Text c="dimmed">{i18n._(errorMessages.expense_locked)}</Text>
      ) : (
        <ExpenseForm
          companyId={companyId}
          expense={expense}
          onSaved={back}
          onCancel={(release) => {
            release();
            back();
          }}
        />
      )}
    </Stack>
  );
}
