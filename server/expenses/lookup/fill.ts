// A receipt read from TRA's verification as the expense it pre-fills: the seller, day and time,
// the lines and a cash payment of the total, amounts including VAT as the receipt prints them.
// The user reviews it before marking it processed; what cannot be told from the page (how it
// was paid, the category) is theirs to change.
import * as v from 'valibot';
import {
  computeExpenseTotals,
  type AmountType,
  type ExpenseTaxType,
} from '../../../domain/expense';
import { cents, type Cents } from '../../../domain/money';
import { formatQuantity, QUANTITY_SCALE, type Quantity } from '../../../domain/quantity';
import type { ExpenseItem, ExpensePayment, ExpenseVendor } from '../../../domain/schemas/expense';
import {
  phoneDigits,
  serial as serialSchema,
  tin as tinSchema,
  vrn as vrnSchema,
} from '../../../domain/schemas/fields';
import type { TaxGroup, VerifiedReceipt } from './verify-page';

const GROUP_TAX: Record<TaxGroup, ExpenseTaxType> = {
  A: 'STANDARD',
  B: 'ZERO',
  C: 'ZERO',
  D: 'SPECIAL_RELIEF',
  E: 'EXEMPTED',
};

export interface FilledExpense {
  date: string;
  time: string;
  amountType: AmountType;
  vendor: ExpenseVendor;
  items: ExpenseItem[];
  payments: ExpensePayment[];
}

const valid = <T>(schema: v.GenericSchema<string, T>, value: string | null): T | null =>
  value === null ? null : v.is(schema, value) ? v.parse(schema, value) : null;

/** 3 to 255 characters, as the expense schema wants a description. */
function description(text: string, index: number): string {
  const trimmed = text.replace(/\s+/g, ' ').trim().slice(0, 255);
  return trimmed.length >= 3 ? trimmed : `${index + 1}. ${trimmed || '—'}`.padEnd(3, '.');
}

/**
 * The line as quantity × unit amount. The page gives the line's amount; when it does not divide
 * into whole cents per unit, the line is kept as one unit of its amount (the quantity stays in
 * the description), so the total is never changed by rounding.
 */
function line(
  item: VerifiedReceipt['items'][number],
  index: number,
  taxType: ExpenseTaxType | null,
): ExpenseItem {
  const scaled = BigInt(item.amount) * BigInt(QUANTITY_SCALE);
  const divides = scaled % BigInt(item.quantity) === 0n;
  if (divides) {
    return {
      description: description(item.description, index),
      quantity: item.quantity,
      unitAmount: cents(scaled / BigInt(item.quantity)),
      taxType,
    };
  }
  return {
    description: description(`${item.description} × ${formatQuantity(item.quantity)}`, index),
    quantity: QUANTITY_SCALE as Quantity,
    unitAmount: item.amount,
    taxType,
  };
}

/** Whether the receipt charges VAT: a total tax above 0, or a line of the standard-rated group. */
function chargesVat(receipt: VerifiedReceipt): boolean {
  return (receipt.totalTax ?? 0) > 0 || receipt.items.some((item) => item.taxGroup === 'A');
}

/**
 * The tax type of each line. The simulator names each line's group; TRA's page only gives the
 * totals, so without groups the lines are taken as standard-rated when the receipt carries VAT
 * and exempt when it carries none. A seller with neither a VRN nor any VAT charged sells
 * without VAT (NO_TAX), where lines have no tax type.
 */
function taxTypes(receipt: VerifiedReceipt, amountType: AmountType): (ExpenseTaxType | null)[] {
  if (amountType === 'NO_TAX') return receipt.items.map(() => null);
  const fallback: ExpenseTaxType = chargesVat(receipt) ? 'STANDARD' : 'EXEMPTED';
  return receipt.items.map((item) => (item.taxGroup ? GROUP_TAX[item.taxGroup] : fallback));
}

export function expenseFromReceipt(receipt: VerifiedReceipt): FilledExpense {
  const amountType: AmountType = receipt.seller.vrn || chargesVat(receipt) ? 'INCLUSIVE' : 'NO_TAX';
  const types = taxTypes(receipt, amountType);
  const paidLines = receipt.items
    .map((item, index) => ({ item, taxType: types[index]! }))
    .filter(({ item }) => item.amount > 0);
  const items =
    paidLines.length > 0
      ? paidLines.map(({ item, taxType }, index) => line(item, index, taxType))
      : [
          // A page without readable lines still has its total: one line carries it.
          line(
            {
              description: receipt.seller.name,
              quantity: QUANTITY_SCALE as Quantity,
              amount: receipt.totalIncludingTax,
              taxGroup: null,
            },
            0,
            amountType === 'NO_TAX' ? null : chargesVat(receipt) ? 'STANDARD' : 'EXEMPTED',
          ),
        ];
  const total: Cents = computeExpenseTotals({ amountType, items, payments: [] }).totalAmount;
  return {
    date: receipt.date,
    time: receipt.time,
    amountType,
    vendor: {
      vendorId: null,
      name: receipt.seller.name.slice(0, 255),
      tin: valid(tinSchema, receipt.seller.tin),
      vrn: valid(vrnSchema, receipt.seller.vrn),
      phone: valid(phoneDigits, receipt.seller.mobile),
      serial: valid(serialSchema, receipt.seller.serial),
    },
    items,
    payments: total > 0 ? [{ method: 'CASH', amount: total }] : [],
  };
}
