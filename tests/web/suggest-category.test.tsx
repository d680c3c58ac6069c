// "Suggest a category" on the expense form, on the phone alone: it learns from the company's
// past expenses in IndexedDB, fills the category, says how sure it is, and says what is missing
// when the lines have no description.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExpenseInput } from '../../domain/schemas/expense';
import { saveCategory } from '../../src/db/expense-directory';
import { saveExpense } from '../../src/db/expenses';
import { stubApiEdge } from './helpers/api-edge';
import { resetLocalDatabase } from './helpers/local-db';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';

beforeEach(resetLocalDatabase);
afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

const past = (categoryId: string, receiptCode: string, description: string): ExpenseInput =>
  ({
    categoryId,
    receiptCode,
    date: '14-11-2026',
    time: '14:32',
    amountType: 'INCLUSIVE',
    vendor: { name: 'TANESCO', tin: '100100100' },
    items: [{ description, quantity: '1', unitAmount: '20,000', taxType: 'STANDARD' }],
    payments: [{ method: 'CASH', amount: '20,000' }],
  }) as ExpenseInput;

describe('suggesting the category of an expense', () => {
  it("fills the category from the company's past expenses, offline, and says how sure", async () => {
    const user = await signedIn({ role: 'company_owner', user_type: 'company_owner' });
    const companyId = user.company_id!;
    const power = await saveCategory(companyId, {
      name: 'Power',
      code: 'POWER',
      description: null,
    });
    await saveCategory(companyId, { name: 'Stock', code: 'STOCK', description: null });
    await saveExpense(companyId, past(power.id, 'PAST00001', 'LUKU token'));
    await saveExpense(companyId, past(power.id, 'PAST00002', 'LUKU ya mwezi'));
    stubApiEdge(user);
    await renderApp('/expenses/new?method=manual');
    await screen.findByRole('heading', { name: 'New expense', level: 1 });

    // No description yet: it says what it needs, under the category.
    await userEvent.click(screen.getByTestId('suggest-category'));
    expect(
      await screen.findByText('AI categorization needs a description on at least one item'),
    ).toBeTruthy();

    const item = screen.getAllByTestId('expense-item')[0]!;
    await userEvent.type(within(item).getByRole('textbox', { name: /^Item 1/ }), 'LUKU');
    await userEvent.click(screen.getByTestId('suggest-category'));
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Category' }) as HTMLInputElement).value).toBe(
        'Power',
      ),
    );
    expect(screen.getByTestId('category-suggestion').textContent).toMatch(
      /^Suggested from your past expenses: Power, \d+% sure\.$/,
    );
  });
});
