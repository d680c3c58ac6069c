// What the platform publishes: tax tips (/tax-tips, edited on /cms-tax-tips) and product updates
// (/updates). Each is written in English and Swahili, and both are required: a reader sees it in
// their own language.
import * as v from 'valibot';
import type { Message } from '../i18n';
import { textBetween } from './fields';

export const contentMessages = {
  titleLength: /*i18n*/ { id: 'Title must be 3 to 120 characters' },
  bodyLength: /*i18n*/ { id: 'Text must be 3 to 5000 characters' },
  tooManyTips: /*i18n*/ { id: 'At most 50 tax tips' },
} satisfies Record<string, Message>;

const cm = contentMessages;

export const MAX_TAX_TIPS = 50;

const bilingual = {
  titleEn: textBetween(3, 120, cm.titleLength),
  titleSw: textBetween(3, 120, cm.titleLength),
  bodyEn: textBetween(3, 5000, cm.bodyLength),
  bodySw: textBetween(3, 5000, cm.bodyLength),
};

export const taxTipSchema = v.object(bilingual);
export type TaxTipInput = v.InferOutput<typeof taxTipSchema>;

/** The whole list as the CMS saves it: order is position. */
export const taxTipsSchema = v.object({
  tips: v.pipe(v.array(taxTipSchema), v.maxLength(MAX_TAX_TIPS, cm.tooManyTips.id)),
});

export const productUpdateSchema = v.object(bilingual);
export type ProductUpdateInput = v.InferOutput<typeof productUpdateSchema>;
