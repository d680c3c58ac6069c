// Facts of the offer (spec §1), shown on the landing, help and licence pages.
import { groupThousands } from '../../../domain/money';

export const USSD_CODE = '*148*09#';
export const ANNUAL_SUBSCRIPTION_TSH = 59_000;
export const INSTALLATION_TSH = 121_000;
export const VAT_PERCENT = 18;
export const ACTIVATION_WORKING_DAYS = 2;

/** "Tsh 59,000": the currency label of spec §9 with thousands separated by commas. */
export const formatTsh = (amount: number) => `Tsh ${groupThousands(String(amount))}`;
