import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STARTING_CATEGORIES } from '../../domain/expense-categories';
import {
  categoryWords,
  suggestCategory,
  type CategorizedExpense,
  type CategoryChoice,
} from '../../domain/expense-categorize';

const starting: CategoryChoice[] = STARTING_CATEGORIES.map((category) => ({
  id: category.code,
  preset: category.preset,
  name: category.name.id,
  active: true,
}));
const meals: CategoryChoice = { id: 'MEALS', preset: null, name: 'Staff meals', active: true };

const suggested = (
  descriptions: string[],
  categories = starting,
  history: CategorizedExpense[] = [],
  vendorName: string | null = null,
) => suggestCategory({ descriptions, vendorName }, categories, history)?.categoryId ?? null;

describe('suggesting an expense category', () => {
  it("reads a new shop's receipts with the starting words, in Swahili and English", () => {
    expect(suggested(['Mchele kilo 25', 'Sukari mifuko 10'])).toBe('STOCK');
    expect(suggested(['LUKU'])).toBe('UTILITIES');
    expect(suggested(['Vocha ya Vodacom'])).toBe('PHONE');
    expect(suggested(['Diesel 40 litres'])).toBe('TRANSPORT');
    // "Mafuta" is also cooking oil for the shelves: the fuel, the litres and the station decide.
    expect(suggested(['Mafuta ya petroli lita 20'], starting, [], 'Puma Energy')).toBe('TRANSPORT');
    expect(suggested(['Dizeli lita 40'])).toBe('TRANSPORT');
    expect(suggested(['Mafuta ya kupikia lita 20'])).toBe('STOCK');
    expect(suggested(['Leseni ya biashara'])).toBe('TAXES');
    expect(suggested(['Fundi wa friji', 'Vipuri'])).toBe('REPAIRS');
    expect(suggested(['Monthly rent'])).toBe('RENT');
  });

  it("learns the shop's own choices, a category it made up included", () => {
    const history: CategorizedExpense[] = [
      { categoryId: 'MEALS', vendorName: 'Mama Ntilie', descriptions: ['Chakula cha mchana'] },
      { categoryId: 'MEALS', vendorName: 'Mama Ntilie', descriptions: ['Chakula cha jioni'] },
    ];
    const categories = [...starting, meals];
    expect(suggested(['Chakula cha wafanyakazi'], categories)).toBe('SALARIES');
    const learned = suggestCategory(
      { descriptions: ['Chakula cha mchana'], vendorName: 'Mama Ntilie' },
      categories,
      history,
    );
    expect(learned).toMatchObject({ categoryId: 'MEALS', learned: true });
    expect(learned!.confidence).toBeGreaterThan(0.5);
  });

  it('suggests nothing when no word was ever seen with a category', () => {
    expect(suggested(['Xyzzy qwerty'])).toBeNull();
    expect(suggested(['12345 678'])).toBeNull();
    expect(suggested([''])).toBeNull();
  });

  it('never suggests an inactive category', () => {
    const categories = starting.map((category) =>
      category.id === 'STOCK' ? { ...category, active: false } : category,
    );
    expect(suggested(['Mchele kilo 25'], categories)).not.toBe('STOCK');
    expect(suggested(['Mchele'], [])).toBeNull();
  });

  it('counts words in lower case, letters and digits, three or more, no bare numbers', () => {
    expect(categoryWords('LUKU 20,000 — Umeme; TANESCO 2026 a1 ab3')).toEqual([
      'luku',
      'umeme',
      'tanesco',
      'ab3',
    ]);
  });

  it('answers an active category with a probability, or nothing, for any text and history', () => {
    const category = fc.record({
      id: fc.uuid(),
      preset: fc.constantFrom(null, ...STARTING_CATEGORIES.map((c) => c.preset)),
      name: fc.string({ maxLength: 30 }),
      active: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 40 }), { maxLength: 4 }),
        fc.array(category, { maxLength: 6 }),
        fc.array(
          fc.record({ descriptions: fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }) }),
          { maxLength: 10 },
        ),
        (descriptions, categories, pasts) => {
          const history = pasts.map((past, index) => ({
            categoryId: categories[index % Math.max(1, categories.length)]?.id ?? 'gone',
            vendorName: null,
            descriptions: past.descriptions,
          }));
          const suggestion = suggestCategory({ descriptions }, categories, history);
          if (suggestion === null) return;
          const chosen = categories.find((c) => c.id === suggestion.categoryId);
          expect(chosen?.active).toBe(true);
          expect(suggestion.confidence).toBeGreaterThan(0);
          expect(suggestion.confidence).toBeLessThanOrEqual(1);
        },
      ),
      { seed: 20261127, numRuns: 300 },
    );
  });
});
