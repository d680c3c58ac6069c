// The product's own AI engine for business insights (spec §1, §4): reads a period's figures
// against the period before and says what stands out, how urgent it is and what to do about
// it. It is a set of rules over exact figures, so it runs on the server with no outside
// account; an outside model, when one is configured, answers the same question instead.
// Texts are messages with values, translated by whoever shows them; money is already written
// as "Tsh 1,234.00", which reads the same in both languages.
import { weekdayLabels } from './weekdays';
import type { Message } from './i18n';
import { formatTsh, type Cents } from './money';
import type { SalesTotals } from './sales-report';
import type { InsightType } from './schemas/insight';

export interface ExpenseTotals {
  /** Expenses counted (canceled ones are not). */
  count: number;
  net: Cents;
  vat: Cents;
  total: Cents;
}

export interface InsightFigures {
  sales: {
    current: SalesTotals;
    previous: SalesTotals;
    /** The period's days with sales, YYYY-MM-DD (EAT). */
    days: Array<{ date: string; totalIncl: Cents }>;
    /** Best sellers first. */
    products: Array<{ name: string; totalIncl: Cents }>;
  };
  expenses: {
    current: ExpenseTotals;
    previous: ExpenseTotals;
    /** Per category, in Tsh including VAT; "uncategorized" has an empty name. */
    categories: Array<{ name: string; current: Cents; previous: Cents }>;
    /** Still pending: recorded but not checked and marked processed. */
    pending: number;
  };
  tra: {
    /** Receipts TRA refused. */
    rejected: number;
    /** Receipts waiting for TRA longer than they should. */
    overdue: number;
  };
}

export type InsightValue = string | number | Message;

export interface EngineInsight {
  type: InsightType;
  title: Message;
  summary: Message;
  recommendedAction: Message;
  values: Record<string, InsightValue>;
  /** 0 to 1, two decimals. */
  confidence: number;
  /** 0 to 100. */
  severityScore: number;
}

const msg = {
  salesUpTitle: /*i18n*/ { id: 'Sales are up {change}%' },
  salesUp: /*i18n*/ {
    id: 'Sales reached {now} against {before} in the period before, from {receipts, plural, one {# receipt} other {# receipts}}.',
  },
  salesUpAction: /*i18n*/ {
    id: 'Find out what brought the growth and keep enough stock of what sells.',
  },
  salesDownTitle: /*i18n*/ { id: 'Sales are down {change}%' },
  salesDown: /*i18n*/ {
    id: 'Sales were {now} against {before} in the period before, from {receipts, plural, one {# receipt} other {# receipts}}.',
  },
  salesDownAction: /*i18n*/ {
    id: 'Look at which products sold less and ask regular customers what changed.',
  },
  salesFlatTitle: /*i18n*/ { id: 'Sales are steady' },
  salesFlat: /*i18n*/ {
    id: 'Sales were {now}, close to the {before} of the period before.',
  },
  salesFlatAction: /*i18n*/ {
    id: 'Try an offer on a slow product to grow sales beyond their usual level.',
  },
  salesNewTitle: /*i18n*/ { id: 'First sales to compare' },
  salesNew: /*i18n*/ {
    id: 'Sales were {now} from {receipts, plural, one {# receipt} other {# receipts}}; the period before had none to compare with.',
  },
  salesNewAction: /*i18n*/ {
    id: 'Keep issuing every sale through Risiti so the next period can be compared.',
  },
  noSalesTitle: /*i18n*/ { id: 'No sales recorded' },
  noSales: /*i18n*/ { id: 'No receipt was issued in this period.' },
  noSalesAction: /*i18n*/ {
    id: 'Check that every sale is written as an invoice and submitted to TRA.',
  },
  bestDayTitle: /*i18n*/ { id: '{weekday} is your best day' },
  bestDay: /*i18n*/ {
    id: '{share}% of the period’s sales came on {weekday}s, against {even}% if sales were even.',
  },
  bestDayAction: /*i18n*/ {
    id: 'Have the most stock and people at the counter on {weekday}s.',
  },
  averageUpTitle: /*i18n*/ { id: 'The average sale is up' },
  averageDownTitle: /*i18n*/ { id: 'The average sale is down' },
  average: /*i18n*/ {
    id: 'A receipt averaged {now} against {before} in the period before ({change}%).',
  },
  averageUpAction: /*i18n*/ {
    id: 'Customers buy more at a time: offer what goes with their usual items.',
  },
  averageDownAction: /*i18n*/ {
    id: 'Suggest a second item at the counter, or a price for buying more.',
  },
  topProductTitle: /*i18n*/ { id: '{product} carries your sales' },
  topProduct: /*i18n*/ {
    id: '{product} brought {share}% of the period’s sales ({amount}).',
  },
  topProductAction: /*i18n*/ {
    id: 'Never run out of {product}, and grow a second product so sales depend less on one.',
  },
  expensesUpTitle: /*i18n*/ { id: 'Expenses are up {change}%' },
  expensesUp: /*i18n*/ {
    id: 'Expenses reached {now} against {before} in the period before.',
  },
  expensesUpAction: /*i18n*/ {
    id: 'Check the largest new costs, and ask suppliers for better prices on what you buy most.',
  },
  expensesDownTitle: /*i18n*/ { id: 'Expenses are down {change}%' },
  expensesDown: /*i18n*/ {
    id: 'Expenses were {now} against {before} in the period before.',
  },
  expensesDownAction: /*i18n*/ {
    id: 'Make sure every purchase is still recorded, with its receipt.',
  },
  expensesFlatTitle: /*i18n*/ { id: 'Expenses are steady' },
  expensesFlat: /*i18n*/ {
    id: 'Expenses were {now}, close to the {before} of the period before.',
  },
  expensesFlatAction: /*i18n*/ {
    id: 'Review one regular cost each month to find a saving.',
  },
  expensesNewTitle: /*i18n*/ { id: 'First expenses to compare' },
  expensesNew: /*i18n*/ {
    id: 'Expenses were {now}; the period before had none recorded to compare with.',
  },
  noExpensesTitle: /*i18n*/ { id: 'No expenses recorded' },
  noExpenses: /*i18n*/ { id: 'No expense was recorded for this period.' },
  noExpensesAction: /*i18n*/ {
    id: 'Scan the receipt of each purchase so reports show your real costs and VAT.',
  },
  topCategoryTitle: /*i18n*/ { id: '{category} is your largest cost' },
  topCategory: /*i18n*/ {
    id: '{category} took {share}% of expenses ({amount}).',
  },
  topCategoryAction: /*i18n*/ {
    id: 'Compare prices for {category} with another supplier.',
  },
  uncategorizedTitle: /*i18n*/ { id: 'Expenses without a category' },
  uncategorizedSummary: /*i18n*/ {
    id: '{amount} of expenses ({share}%) have no category, so reports cannot say where it went.',
  },
  uncategorizedAction: /*i18n*/ {
    id: 'Give these expenses a category; "Suggest a category" on the form helps.',
  },
  risingCategoryTitle: /*i18n*/ { id: '{category} rose {change}%' },
  risingCategory: /*i18n*/ {
    id: '{category} cost {now} against {before} in the period before.',
  },
  risingCategoryAction: /*i18n*/ {
    id: 'Find out why {category} costs more, and whether it brought more sales.',
  },
  pendingTitle: /*i18n*/ {
    id: '{count, plural, one {# expense waits to be checked} other {# expenses wait to be checked}}',
  },
  pending: /*i18n*/ {
    id: '{count, plural, one {# expense of this period is still pending} other {# expenses of this period are still pending}}: recorded but not checked.',
  },
  pendingAction: /*i18n*/ {
    id: 'Open the expenses, check each one against its receipt and mark it processed.',
  },
  vatDueTitle: /*i18n*/ { id: 'About {net} of VAT to declare' },
  vatDue: /*i18n*/ {
    id: 'Sales collected {output} of VAT; recorded expenses carry {input}.',
  },
  vatDueAction: /*i18n*/ {
    id: 'Set this amount aside before the VAT return is due, and keep every purchase receipt.',
  },
  vatCreditTitle: /*i18n*/ { id: 'More VAT paid than collected' },
  vatCredit: /*i18n*/ {
    id: 'Recorded expenses carry {input} of VAT, more than the {output} collected on sales.',
  },
  vatCreditAction: /*i18n*/ {
    id: 'Check the expenses’ VAT against their receipts before the return; the difference may be claimed.',
  },
  noInputVatTitle: /*i18n*/ { id: 'No VAT on expenses recorded' },
  noInputVat: /*i18n*/ {
    id: 'Sales collected {output} of VAT, but no recorded expense carries VAT.',
  },
  noInputVatAction: /*i18n*/ {
    id: 'Record the receipts of your purchases: the VAT on them reduces what you pay.',
  },
  noVatTitle: /*i18n*/ { id: 'No VAT in this period' },
  noVat: /*i18n*/ { id: 'Neither sales nor recorded expenses carry VAT in this period.' },
  noVatAction: /*i18n*/ {
    id: 'Nothing to set aside for VAT now; check again when sales come in.',
  },
  rejectedTitle: /*i18n*/ {
    id: '{count, plural, one {TRA refused # receipt} other {TRA refused # receipts}}',
  },
  rejected: /*i18n*/ {
    id: '{count, plural, one {# receipt was refused by TRA: for TRA that sale did not happen.} other {# receipts were refused by TRA: for TRA those sales did not happen.}}',
  },
  rejectedAction: /*i18n*/ {
    id: 'Open each refused receipt from the dashboard, correct it and issue it again.',
  },
  overdueTitle: /*i18n*/ {
    id: '{count, plural, one {# receipt is late at TRA} other {# receipts are late at TRA}}',
  },
  overdue: /*i18n*/ {
    id: '{count, plural, one {# receipt has waited for TRA longer than it should.} other {# receipts have waited for TRA longer than they should.}}',
  },
  overdueAction: /*i18n*/ {
    id: 'Keep the server connected; if it lasts, look at the VFD on the dashboard.',
  },
  unknownCostsTitle: /*i18n*/ { id: 'What the business keeps is unknown' },
  unknownCosts: /*i18n*/ {
    id: 'Sales before VAT were {sales}, but no expense is recorded for the period, so what is left cannot be told.',
  },
  unknownCostsAction: /*i18n*/ {
    id: 'Record the period’s purchases and costs so Risiti can tell what the business keeps.',
  },
  profitTitle: /*i18n*/ { id: 'Sales cover expenses: {margin}% left' },
  profit: /*i18n*/ {
    id: 'Sales before VAT were {sales}; expenses before VAT {expenses}, leaving {left}.',
  },
  profitAction: /*i18n*/ {
    id: 'Put part of what is left aside for stock and slow months.',
  },
  lossTitle: /*i18n*/ { id: 'Expenses are higher than sales' },
  loss: /*i18n*/ {
    id: 'Expenses before VAT were {expenses}, more than the {sales} of sales by {gap}.',
  },
  lossAction: /*i18n*/ {
    id: 'Cut costs that do not bring sales, and check that every sale is issued through Risiti.',
  },
  costsOutgrowTitle: /*i18n*/ { id: 'Costs grow faster than sales' },
  costsOutgrow: /*i18n*/ {
    id: 'Expenses changed {expensesChange}% while sales changed {salesChange}%.',
  },
  costsOutgrowAction: /*i18n*/ {
    id: 'Check prices against costs: a price may need to rise, or a cost to fall.',
  },
  noActivityTitle: /*i18n*/ { id: 'Nothing to read yet' },
  noActivity: /*i18n*/ { id: 'This period has no sales and no expenses recorded.' },
  noActivityAction: /*i18n*/ {
    id: 'Issue sales and record expenses in Risiti; insights come from them.',
  },
} satisfies Record<string, Message>;

/** Change from `before` to `now` in whole percent; null when there is nothing before. */
export function percentChange(now: number, before: number): number | null {
  if (before <= 0) return null;
  return Math.round(((now - before) * 100) / before);
}

/** A part of a whole in whole percent (0 when the whole is not positive). */
function share(part: number, whole: number): number {
  return whole > 0 ? Math.round((part * 100) / whole) : 0;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** More figures, surer reading: from 0.4 with none to 0.95 with `full` or more. */
function confidenceOf(count: number, full: number): number {
  return Math.round((0.4 + 0.55 * clamp(count / full, 0, 1)) * 100) / 100;
}

/** Severity grows with a fall's size: 5 % → 35, 50 % or more → 90. */
function fallSeverity(change: number): number {
  return Math.round(clamp(30 + Math.abs(change) * 1.2, 30, 90));
}

const money = (amount: number) => formatTsh(amount as Cents);

/** Monday 0 … Sunday 6 of a YYYY-MM-DD day. */
function weekdayOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

function salesInsights(f: InsightFigures): EngineInsight[] {
  const { current, previous, days, products } = f.sales;
  const confidence = confidenceOf(current.receipts, 100);
  const base = { type: 'sales' as const, confidence };
  const now = money(current.totalIncl);
  const before = money(previous.totalIncl);
  if (current.receipts === 0) {
    return [
      {
        ...base,
        confidence: 0.9,
        title: msg.noSalesTitle,
        summary: msg.noSales,
        recommendedAction: msg.noSalesAction,
        values: {},
        severityScore: previous.receipts > 0 ? 80 : 50,
      },
    ];
  }
  const out: EngineInsight[] = [];
  const change = percentChange(current.totalIncl, previous.totalIncl);
  const values = { now, before, receipts: current.receipts, change: Math.abs(change ?? 0) };
  if (change === null) {
    out.push({
      ...base,
      title: msg.salesNewTitle,
      summary: msg.salesNew,
      recommendedAction: msg.salesNewAction,
      values,
      severityScore: 10,
    });
  } else if (change >= 5) {
    out.push({
      ...base,
      title: msg.salesUpTitle,
      summary: msg.salesUp,
      recommendedAction: msg.salesUpAction,
      values,
      severityScore: 10,
    });
  } else if (change <= -5) {
    out.push({
      ...base,
      title: msg.salesDownTitle,
      summary: msg.salesDown,
      recommendedAction: msg.salesDownAction,
      values,
      severityScore: fallSeverity(change),
    });
  } else {
    out.push({
      ...base,
      title: msg.salesFlatTitle,
      summary: msg.salesFlat,
      recommendedAction: msg.salesFlatAction,
      values,
      severityScore: 20,
    });
  }

  // The best weekday, once the period covers at least two weeks of sales.
  const byWeekday = Array.from({ length: 7 }, () => 0);
  for (const day of days) byWeekday[weekdayOf(day.date)]! += day.totalIncl;
  const total = byWeekday.reduce((sum, value) => sum + value, 0);
  if (days.length >= 8 && total > 0) {
    const best = byWeekday.indexOf(Math.max(...byWeekday));
    const bestShare = share(byWeekday[best]!, total);
    if (bestShare >= 20) {
      out.push({
        ...base,
        confidence: confidenceOf(days.length, 28),
        title: msg.bestDayTitle,
        summary: msg.bestDay,
        recommendedAction: msg.bestDayAction,
        values: { weekday: weekdayLabels[best]!, share: bestShare, even: 14 },
        severityScore: 15,
      });
    }
  }

  // The average receipt, when both periods have enough receipts to mean something.
  if (current.receipts >= 5 && previous.receipts >= 5) {
    const nowAverage = Math.round(current.totalIncl / current.receipts);
    const beforeAverage = Math.round(previous.totalIncl / previous.receipts);
    const averageChange = percentChange(nowAverage, beforeAverage);
    if (averageChange !== null && Math.abs(averageChange) >= 10) {
      const up = averageChange > 0;
      out.push({
        ...base,
        title: up ? msg.averageUpTitle : msg.averageDownTitle,
        summary: msg.average,
        recommendedAction: up ? msg.averageUpAction : msg.averageDownAction,
        values: {
          now: money(nowAverage),
          before: money(beforeAverage),
          change: `${up ? '+' : '−'}${Math.abs(averageChange)}`,
        },
        severityScore: up ? 10 : 40,
      });
    }
  }

  // One product carrying the sales.
  const top = products[0];
  if (top && products.length >= 2) {
    const topShare = share(top.totalIncl, current.totalIncl);
    if (topShare >= 40) {
      out.push({
        ...base,
        title: msg.topProductTitle,
        summary: msg.topProduct,
        recommendedAction: msg.topProductAction,
        values: { product: top.name, share: topShare, amount: money(top.totalIncl) },
        severityScore: topShare >= 70 ? 55 : 35,
      });
    }
  }
  return out;
}

function expenseInsights(f: InsightFigures): EngineInsight[] {
  const { current, previous, categories, pending } = f.expenses;
  const confidence = confidenceOf(current.count, 30);
  const base = { type: 'expenses' as const, confidence };
  const out: EngineInsight[] = [];
  if (current.count === 0) {
    out.push({
      ...base,
      confidence: 0.9,
      title: msg.noExpensesTitle,
      summary: msg.noExpenses,
      recommendedAction: msg.noExpensesAction,
      values: {},
      severityScore: 30,
    });
  } else {
    const change = percentChange(current.total, previous.total);
    const values = {
      now: money(current.total),
      before: money(previous.total),
      change: Math.abs(change ?? 0),
    };
    if (change !== null && change >= 10) {
      out.push({
        ...base,
        title: msg.expensesUpTitle,
        summary: msg.expensesUp,
        recommendedAction: msg.expensesUpAction,
        values,
        severityScore: Math.round(clamp(25 + change * 0.6, 25, 85)),
      });
    } else if (change !== null && change <= -10) {
      out.push({
        ...base,
        title: msg.expensesDownTitle,
        summary: msg.expensesDown,
        recommendedAction: msg.expensesDownAction,
        values,
        severityScore: 15,
      });
    } else if (change === null) {
      out.push({
        ...base,
        title: msg.expensesNewTitle,
        summary: msg.expensesNew,
        recommendedAction: msg.noExpensesAction,
        values,
        severityScore: 10,
      });
    } else {
      out.push({
        ...base,
        title: msg.expensesFlatTitle,
        summary: msg.expensesFlat,
        recommendedAction: msg.expensesFlatAction,
        values,
        severityScore: 15,
      });
    }

    const named = categories.filter((category) => category.name !== '');
    const largest = [...named].sort((a, b) => b.current - a.current)[0];
    if (largest && largest.current > 0 && named.length >= 2) {
      out.push({
        ...base,
        title: msg.topCategoryTitle,
        summary: msg.topCategory,
        recommendedAction: msg.topCategoryAction,
        values: {
          category: largest.name,
          share: share(largest.current, current.total),
          amount: money(largest.current),
        },
        severityScore: 20,
      });
    }
    const loose = categories.find((category) => category.name === '');
    const looseShare = loose ? share(loose.current, current.total) : 0;
    if (loose && looseShare >= 10) {
      out.push({
        ...base,
        title: msg.uncategorizedTitle,
        summary: msg.uncategorizedSummary,
        recommendedAction: msg.uncategorizedAction,
        values: { amount: money(loose.current), share: looseShare },
        severityScore: Math.round(clamp(20 + looseShare * 0.4, 20, 60)),
      });
    }
    // The category that rose most, when it matters: half again, and a tenth of all costs.
    const rising = named
      .map((category) => ({
        ...category,
        change: percentChange(category.current, category.previous),
      }))
      .filter(
        (category) =>
          category.change !== null &&
          category.change >= 50 &&
          share(category.current, current.total) >= 10,
      )
      .sort((a, b) => b.current - b.previous - (a.current - a.previous))[0];
    if (rising) {
      out.push({
        ...base,
        title: msg.risingCategoryTitle,
        summary: msg.risingCategory,
        recommendedAction: msg.risingCategoryAction,
        values: {
          category: rising.name,
          change: rising.change!,
          now: money(rising.current),
          before: money(rising.previous),
        },
        severityScore: Math.round(clamp(30 + rising.change! * 0.3, 30, 75)),
      });
    }
  }
  if (pending > 0) {
    out.push({
      ...base,
      confidence: 0.95,
      title: msg.pendingTitle,
      summary: msg.pending,
      recommendedAction: msg.pendingAction,
      values: { count: pending },
      severityScore: Math.round(clamp(20 + pending * 3, 20, 60)),
    });
  }
  return out;
}

function taxInsights(f: InsightFigures): EngineInsight[] {
  const output = f.sales.current.tax;
  const input = f.expenses.current.vat;
  const confidence = Math.min(
    confidenceOf(f.sales.current.receipts, 100),
    confidenceOf(f.expenses.current.count, 30),
  );
  const base = { type: 'tax' as const, confidence };
  const out: EngineInsight[] = [];
  if (f.tra.rejected > 0) {
    out.push({
      ...base,
      confidence: 0.95,
      title: msg.rejectedTitle,
      summary: msg.rejected,
      recommendedAction: msg.rejectedAction,
      values: { count: f.tra.rejected },
      severityScore: 90,
    });
  }
  if (f.tra.overdue > 0) {
    out.push({
      ...base,
      confidence: 0.95,
      title: msg.overdueTitle,
      summary: msg.overdue,
      recommendedAction: msg.overdueAction,
      values: { count: f.tra.overdue },
      severityScore: 70,
    });
  }
  const values = { output: money(output), input: money(input), net: money(output - input) };
  if (output === 0 && input === 0) {
    out.push({
      ...base,
      title: msg.noVatTitle,
      summary: msg.noVat,
      recommendedAction: msg.noVatAction,
      values,
      severityScore: 5,
    });
  } else if (input > output) {
    out.push({
      ...base,
      title: msg.vatCreditTitle,
      summary: msg.vatCredit,
      recommendedAction: msg.vatCreditAction,
      values,
      severityScore: 45,
    });
  } else if (input === 0) {
    out.push({
      ...base,
      title: msg.noInputVatTitle,
      summary: msg.noInputVat,
      recommendedAction: msg.noInputVatAction,
      values,
      severityScore: 40,
    });
  } else {
    out.push({
      ...base,
      title: msg.vatDueTitle,
      summary: msg.vatDue,
      recommendedAction: msg.vatDueAction,
      values,
      severityScore: 35,
    });
  }
  return out;
}

function healthInsights(f: InsightFigures): EngineInsight[] {
  const sales = f.sales.current.totalExcl;
  const expenses = f.expenses.current.net;
  const confidence = Math.min(
    confidenceOf(f.sales.current.receipts, 100),
    confidenceOf(f.expenses.current.count, 30),
  );
  const base = { type: 'health' as const, confidence };
  if (sales === 0 && f.expenses.current.count === 0) {
    return [
      {
        ...base,
        confidence: 0.9,
        title: msg.noActivityTitle,
        summary: msg.noActivity,
        recommendedAction: msg.noActivityAction,
        values: {},
        severityScore: 50,
      },
    ];
  }
  if (f.expenses.current.count === 0) {
    return [
      {
        ...base,
        confidence: 0.9,
        title: msg.unknownCostsTitle,
        summary: msg.unknownCosts,
        recommendedAction: msg.unknownCostsAction,
        values: { sales: money(sales) },
        severityScore: 40,
      },
    ];
  }
  const out: EngineInsight[] = [];
  if (sales >= expenses) {
    const margin = share(sales - expenses, sales);
    out.push({
      ...base,
      title: msg.profitTitle,
      summary: msg.profit,
      recommendedAction: msg.profitAction,
      values: {
        margin,
        sales: money(sales),
        expenses: money(expenses),
        left: money(sales - expenses),
      },
      severityScore: margin < 10 ? 50 : margin < 25 ? 30 : 10,
    });
  } else {
    const gapShare = share(expenses - sales, Math.max(sales, 1));
    out.push({
      ...base,
      title: msg.lossTitle,
      summary: msg.loss,
      recommendedAction: msg.lossAction,
      values: { sales: money(sales), expenses: money(expenses), gap: money(expenses - sales) },
      severityScore: Math.round(clamp(60 + gapShare * 0.3, 60, 95)),
    });
  }
  const salesChange = percentChange(f.sales.current.totalExcl, f.sales.previous.totalExcl);
  const expensesChange = percentChange(f.expenses.current.net, f.expenses.previous.net);
  if (salesChange !== null && expensesChange !== null && expensesChange - salesChange >= 15) {
    out.push({
      ...base,
      title: msg.costsOutgrowTitle,
      summary: msg.costsOutgrow,
      recommendedAction: msg.costsOutgrowAction,
      values: { expensesChange, salesChange },
      severityScore: Math.round(clamp(35 + (expensesChange - salesChange) * 0.4, 35, 85)),
    });
  }
  return out;
}

const byType: Record<InsightType, (figures: InsightFigures) => EngineInsight[]> = {
  sales: salesInsights,
  expenses: expenseInsights,
  tax: taxInsights,
  health: healthInsights,
};

/** The insights of one type, most urgent first. */
export function generateInsights(type: InsightType, figures: InsightFigures): EngineInsight[] {
  return byType[type](figures).sort((a, b) => b.severityScore - a.severityScore);
}
