// What a company pays for Risiti (spec §1): a yearly subscription and a one-time installation,
// both quoted without the 18% VAT; the VAT and totals are computed here in cents, once.
import { cents, divRound, type Cents } from './money';
import { TAX_RATE_BP, BP_SCALE } from './tax';

export const SUBSCRIPTION_PRICE = cents(59_000_00);
export const INSTALLATION_PRICE = cents(121_000_00);
export const VAT_RATE_BP = TAX_RATE_BP.standard;

export interface PriceLine {
  net: Cents;
  vat: Cents;
  total: Cents;
}

export function withVat(net: Cents): PriceLine {
  const vat = cents(divRound(BigInt(net) * BigInt(VAT_RATE_BP), BigInt(BP_SCALE)));
  return { net, vat, total: cents(net + vat) };
}

/** The subscription, the installation, and what a new company pays in its first year. */
export function subscriptionPrices() {
  const subscription = withVat(SUBSCRIPTION_PRICE);
  const installation = withVat(INSTALLATION_PRICE);
  return {
    subscription,
    installation,
    firstYear: {
      net: cents(subscription.net + installation.net),
      vat: cents(subscription.vat + installation.vat),
      total: cents(subscription.total + installation.total),
    },
  };
}
