// The values a sales report filter takes, apart from the report (domain/sales-report.ts): the
// report pages' URL schemas read them, and those are part of every page's first load.

/** The TRA payment types, in Z report order; INVOICE is what was sold on credit. */
export const REPORT_PAYMENT_TYPES = ['CASH', 'CHEQUE', 'CCARD', 'EMONEY', 'INVOICE'] as const;
export type ReportPaymentType = (typeof REPORT_PAYMENT_TYPES)[number];

export const SALE_STATUSES = ['submitted', 'issued'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
