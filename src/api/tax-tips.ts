// Calls of the tax tips: the published ones, which the public /tax-tips page shows, and the
// platform admin's editing of them. Apart from the administration's calls (src/api/admin.ts),
// so that the public page's route, which every first load holds, brings none of those.
import type { TaxTipInput } from '../../domain/schemas/content';
import { api, publicApi } from './client';

export interface TaxTip extends TaxTipInput {
  id: string;
}

export const fetchTaxTips = (timeout = 30_000) =>
  publicApi.get('v1/accounting/tax-tips', { timeout }).json<{ tips: TaxTip[] }>();

/**
 * The published tax tips for /tax-tips, or none when the server does not answer soon (offline,
 * a slow line): the page then shows the built-in tips rather than wait.
 */
export const publishedTaxTips = () =>
  fetchTaxTips(4_000).then(
    (answer) => answer.tips,
    () => [] as TaxTip[],
  );
export const saveTaxTips = (tips: TaxTipInput[]) =>
  api.put('v1/accounting/tax-tips', { json: { tips } }).json<{ tips: TaxTip[] }>();
