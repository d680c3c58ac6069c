// The categories a new company starts with: what a Tanzanian shop spends on. They are ordinary
// categories (renamed, inactivated or added to like any other); each remembers the preset it
// came from, so that while its name is still the preset's English name it is shown in the
// reader's language.
import type { Message } from './i18n';

export interface StartingCategory {
  preset: string;
  code: string;
  name: Message;
  description: Message;
}

export const STARTING_CATEGORIES: readonly StartingCategory[] = [
  {
    preset: 'stock',
    code: 'STOCK',
    name: /*i18n*/ { id: 'Stock purchases' },
    description: /*i18n*/ { id: 'Goods bought to sell again' },
  },
  {
    preset: 'rent',
    code: 'RENT',
    name: /*i18n*/ { id: 'Rent' },
    description: /*i18n*/ { id: 'Shop, store and office rent' },
  },
  {
    preset: 'transport',
    code: 'TRANSPORT',
    name: /*i18n*/ { id: 'Transport and fuel' },
    description: /*i18n*/ { id: 'Fuel, fares, deliveries and vehicle costs' },
  },
  {
    preset: 'utilities',
    code: 'UTILITIES',
    name: /*i18n*/ { id: 'Electricity and water' },
    description: /*i18n*/ { id: 'LUKU tokens, water bills and generator fuel' },
  },
  {
    preset: 'salaries',
    code: 'SALARIES',
    name: /*i18n*/ { id: 'Salaries and wages' },
    description: /*i18n*/ { id: 'Pay of employees and casual workers' },
  },
  {
    preset: 'phone',
    code: 'PHONE',
    name: /*i18n*/ { id: 'Phone and internet' },
    description: /*i18n*/ { id: 'Airtime, data bundles and internet' },
  },
  {
    preset: 'repairs',
    code: 'REPAIRS',
    name: /*i18n*/ { id: 'Repairs and maintenance' },
    description: /*i18n*/ { id: 'Repairs of the premises, equipment and vehicles' },
  },
  {
    preset: 'taxes',
    code: 'TAXES',
    name: /*i18n*/ { id: 'Taxes, licences and levies' },
    description: /*i18n*/ { id: 'Business licence, council levies and fees' },
  },
  {
    preset: 'bank',
    code: 'BANK',
    name: /*i18n*/ { id: 'Bank and mobile money charges' },
    description: /*i18n*/ { id: 'Bank fees and mobile money withdrawal charges' },
  },
  {
    preset: 'supplies',
    code: 'SUPPLIES',
    name: /*i18n*/ { id: 'Office and shop supplies' },
    description: /*i18n*/ { id: 'Paper, receipt rolls, packaging and cleaning' },
  },
  {
    preset: 'marketing',
    code: 'MARKETING',
    name: /*i18n*/ { id: 'Advertising' },
    description: /*i18n*/ { id: 'Posters, radio, social media and signboards' },
  },
  {
    preset: 'other',
    code: 'OTHER',
    name: /*i18n*/ { id: 'Other expenses' },
    description: /*i18n*/ { id: 'Anything that fits no other category' },
  },
];

const byPreset = new Map(STARTING_CATEGORIES.map((category) => [category.preset, category]));

/**
 * The message a category's name and description are shown with: the preset's, while the name
 * is still the preset's own (untouched), else null (show the text as stored).
 */
export function categoryPresetText(category: {
  preset: string | null;
  name: string;
  description?: string | null;
}): { name: Message; description: Message | null } | null {
  const preset = category.preset ? byPreset.get(category.preset) : undefined;
  if (!preset || preset.name.id !== category.name) return null;
  const sameDescription =
    category.description == null || category.description === preset.description.id;
  return { name: preset.name, description: sameDescription ? preset.description : null };
}
