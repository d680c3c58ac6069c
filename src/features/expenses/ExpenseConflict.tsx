// An expense this phone changed while another device changed it too, in fields both changed:
// both versions of those fields as the expense's page shows them, and the user's choice.
import { useLingui } from '@lingui/react/macro';
import { amountTypeLabels, expensePaymentMethodLabels } from '../../../domain/expense';
import type { ExpenseRecord } from '../../../domain/expense-record';
import { formatAmount } from '../../../domain/money';
import { formatQuantity } from '../../../domain/quantity';
import type { LocalExpense } from '../../db/db';
import { expenseChanges, settleExpenseChange } from '../../db/expenses';
import { conflictOf } from '../../db/record-changes';
import { useExpenseCategories } from '../../db/useExpenseCategories';
import { compareFields, RecordConflict, type ShownField } from '../sync/RecordConflict';
import { categoryName } from './labels';
import { calendarDateText } from '../../../domain/calendar-date';

export function ExpenseConflict({
  companyId,
  expense,
}: {
  companyId: string;
  expense: LocalExpense;
}) {
  const { t, i18n } = useLingui();
  const categories = useExpenseCategories(companyId);
  const conflict = conflictOf<ExpenseRecord>(expenseChanges, expense);
  if (!conflict || !categories) return null;

  const category = (id: string | null) =>
    categoryName(i18n, id ? categories.find((c) => c.id === id) : undefined) || null;
  const shown = (e: ExpenseRecord): Record<string, ShownField> => ({
    receiptCode: { label: t`Receipt code`, value: e.receiptCode },
    date: { label: t`Date`, value: calendarDateText(e.date) },
    time: { label: t`Time`, value: e.time },
    currency: { label: t`Currency`, value: e.currency },
    currencyRate: { label: t`Rate to TZS`, value: String(e.currencyRate) },
    amountType: { label: t`Amounts on the receipt`, value: i18n._(amountTypeLabels[e.amountType]) },
    items: {
      label: t`Items`,
      value: e.items
        .map(({ description, quantity, unitAmount }) => {
          const amount = formatAmount(unitAmount);
          return `${description} ${formatQuantity(quantity)} × ${amount}`;
        })
        .join('; '),
    },
    payments: {
      label: t`Payments`,
      value: e.payments
        .map(({ method, amount }) => {
          const how = i18n._(expensePaymentMethodLabels[method]);
          return `${how} ${formatAmount(amount)}`;
        })
        .join('; '),
    },
    categoryId: { label: t`Category`, value: category(e.categoryId) },
    vendor: {
      label: t`Vendor`,
      value: e.vendor
        ? [e.vendor.name, e.vendor.tin ? `${t`TIN`} ${e.vendor.tin}` : null]
            .filter(Boolean)
            .join(' · ')
        : null,
    },
  });
  return (
    <RecordConflict
      fields={compareFields(shown(expense), shown(conflict.theirs), conflict.fields)}
      onChoose={(choice) => settleExpenseChange(companyId, expense.id, choice)}
    />
  );
}
