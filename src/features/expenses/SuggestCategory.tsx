// "Suggest a category": the categorizer (domain/expense-categorize.ts) reads the receipt's lines
// and the vendor, and learns from the company's past expenses on this phone, so it answers
// without a connection. It fills the category and says how sure it is; the person can change it.
import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconSparkles } from '@tabler/icons-react';
import { canCategorize } from '../../../domain/expense';
import { suggestCategory } from '../../../domain/expense-categorize';
import { expenseMessages } from '../../../domain/schemas/expense';
import type { LocalExpenseCategory } from '../../db/db';
import { categorizedExpenses } from '../../db/expenses';
import { categoryName } from './labels';

export function SuggestCategory({
  companyId,
  categories,
  descriptions,
  vendorName,
  onSuggested,
  onRefused,
}: {
  companyId: string;
  categories: readonly LocalExpenseCategory[];
  descriptions: readonly string[];
  vendorName: string;
  onSuggested(categoryId: string): void;
  /** The lines say nothing to read: the message, for the category field. */
  onRefused(message: string): void;
}) {
  const { t, i18n } = useLingui();
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const suggest = async () => {
    if (!canCategorize(descriptions.map((description) => ({ description })))) {
      setSaid(null);
      onRefused(i18n._(expenseMessages.categorizeNeedsDescription));
      return;
    }
    setBusy(true);
    try {
      const history = await categorizedExpenses(companyId);
      const suggestion = suggestCategory({ descriptions, vendorName }, categories, history);
      if (!suggestion) {
        setSaid(t`No suggestion: these words were never seen with a category. Choose one.`);
        return;
      }
      onSuggested(suggestion.categoryId);
      const name = categoryName(
        i18n,
        categories.find((category) => category.id === suggestion.categoryId),
      );
      const percent = Math.round(suggestion.confidence * 100);
      setSaid(
        suggestion.learned
          ? t`Suggested from your past expenses: ${name}, ${percent}% sure.`
          : t`Suggested from the words on the receipt: ${name}, ${percent}% sure.`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconSparkles size={16} />}
        loading={busy}
        onClick={() => void suggest()}
        data-testid="suggest-category"
      >
        {t`Suggest a category`}
      </Button>
      {said && (
        <Text size="sm" c="dimmed" role="status" data-testid="category-suggestion">
          {said}
        </Text>
      )}
    </Stack>
  );
}
