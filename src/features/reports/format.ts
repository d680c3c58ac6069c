// Numbers as the report charts draw them.

/** Cents as shillings for a chart's axis (display only; reports add cents). */
export const shillings = (cents: number): number => cents / 100;
