// The expense categorizer (domain/expense-categorize.ts) as the form runs it: one suggestion
// learned from 100, 1,000 and 5,000 past expenses of a shop with the starting categories.
// The phone reads at most 1,000 (src/db/expenses.ts); the median of 200 runs is printed.
import { STARTING_CATEGORIES } from '../domain/expense-categories';
import { suggestCategory } from '../domain/expense-categorize';

const categories = STARTING_CATEGORIES.map((category) => ({
  id: category.code,
  preset: category.preset,
  name: category.name.id,
  active: true,
}));
const words = ['mchele', 'sukari', 'luku', 'nauli', 'vocha', 'leseni', 'fundi', 'chakula'];
const past = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    categoryId: categories[i % categories.length]!.id,
    vendorName: `Duka ${i % 50}`,
    descriptions: [`${words[i % 8]} kilo ${i}`, `${words[(i * 7) % 8]} na ${words[(i * 3) % 8]}`],
  }));

for (const size of [100, 1_000, 5_000]) {
  const history = past(size);
  const times: number[] = [];
  for (let run = 0; run < 200; run++) {
    const start = performance.now();
    suggestCategory(
      { descriptions: ['Mchele kilo 25', 'Sukari mifuko 10'], vendorName: 'Kilimo Traders' },
      categories,
      history,
    );
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p50 = times[100]!.toFixed(2);
  const p99 = times[198]!.toFixed(2);
  console.log(`suggest a category from ${size} past expenses: p50 ${p50} ms, p99 ${p99} ms`);
}
