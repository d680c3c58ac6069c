// An expense's status (spec §4), and a receipt still being read, for rows and the record page.
import { Badge } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { expenseStatusLabels } from '../../../domain/expense';
import type { LocalExpense } from '../../db/db';
import { lookupStatusLabels } from './labels';

const colors = { pending: 'yellow', processed: 'risiti', canceled: 'gray' } as const;

export function ExpenseStatusBadge({
  expense,
  size = 'md',
}: {
  expense: LocalExpense;
  /** Smaller in a list's row, where a long Swahili status shares a phone's width. */
  size?: 'sm' | 'md';
}) {
  const { i18n } = useLingui();
  const lookup = expense.lookup;
  if (
    expense.status === 'pending' &&
    lookup &&
    lookup.status !== 'done' &&
    expense.items.length === 0
  ) {
    const label = i18n._(lookupStatusLabels[lookup.status]);
    // In a narrow row it gives way to the receipt's name, cut short; the whole text in its title.
    return (
      <Badge
        color={lookup.status === 'failed' ? 'orange' : 'blue'}
        variant="light"
        size={size}
        maw="100%"
        miw={0}
        title={label}
        data-testid="expense-status"
      >
        {label}
      </Badge>
    );
  }
  return (
    <Badge color={colors[expense.status]} variant="light" size={size} data-testid="expense-status">
      {i18n._(expenseStatusLabels[expense.status])}
    </Badge>
  );
}
