// Categorizing an expense from the words on its receipt (spec §1, §5: it needs a description on
// at least one item). The engine is the product's own and runs wherever the data is, on the
// phone without a connection too: a naive Bayes classifier over the words of the shop's past
// expenses, each counted under the category the shop chose for it, started with a few words per
// starting category in English and Swahili so that a new shop gets suggestions on day one. The
// shop's own choices soon outweigh those words, so a category it made up is learned as well.

export interface CategoryChoice {
  id: string;
  /** The starting category it was made from (domain/expense-categories.ts), if any. */
  preset: string | null;
  name: string;
  active: boolean;
}

/** An expense the shop has already put in a category. */
export interface CategorizedExpense {
  categoryId: string;
  vendorName: string | null;
  descriptions: readonly string[];
}

export interface CategorySuggestion {
  categoryId: string;
  /** The engine's probability for it among the candidates, 0–1. */
  confidence: number;
  /** Whether the shop's own past expenses took part, or only the starting words. */
  learned: boolean;
}

/** Words each starting category begins with (a receipt's lines are short; Swahili and English). */
const STARTING_WORDS: Record<string, string> = {
  stock:
    'stock goods bidhaa jumla wholesale mchele sukari unga mafuta kupikia sabuni maharage soda maji chupa katoni kreti',
  rent: 'rent pango kodi nyumba fremu chumba duka office',
  transport:
    'fuel petrol petroli diesel dizeli lita litres nauli fare bodaboda bajaji daladala usafiri usafirishaji delivery transport gari puma oryx gapco engen',
  utilities: 'luku umeme electricity tanesco water maji dawasa bill generator',
  salaries: 'salary salaries mshahara wages posho kibarua vibarua wafanyakazi',
  phone: 'airtime vocha bundle bando internet data muda maongezi vodacom airtel tigo halotel ttcl',
  repairs: 'repair repairs matengenezo fundi spare vipuri maintenance service',
  taxes: 'leseni licence license ushuru levy tax tra halmashauri kibali permit',
  bank: 'bank benki charges makato ada mpesa pesa withdrawal kutoa transfer',
  supplies:
    'paper karatasi roll risiti packaging vifungashio mifuko cleaning usafi stationery kalamu',
  marketing: 'advert advertising tangazo matangazo poster radio signboard bango vipeperushi',
  other: '',
};

/** The words of a text as the engine counts them: lower case, letters and digits, 3 or more. */
export function categoryWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter(
    (word) => !/^\d+$/.test(word),
  );
}

/**
 * The category the words of an expense point to, among the active ones; null when none of its
 * words was ever seen with a category (the person chooses).
 */
export function suggestCategory(
  expense: { descriptions: readonly string[]; vendorName?: string | null },
  categories: readonly CategoryChoice[],
  history: readonly CategorizedExpense[],
): CategorySuggestion | null {
  const words = [...expense.descriptions, expense.vendorName ?? ''].flatMap(categoryWords);
  const candidates = categories.filter((category) => category.active);
  if (words.length === 0 || candidates.length === 0) return null;

  // Per category: how often each word was seen with it, and how many expenses it holds.
  const counts = new Map(candidates.map((category) => [category.id, new Map<string, number>()]));
  const documents = new Map(candidates.map((category) => [category.id, 0]));
  const learnedFrom = new Set<string>();
  const add = (categoryId: string, text: string, learned: boolean) => {
    const seen = counts.get(categoryId);
    if (!seen) return;
    documents.set(categoryId, documents.get(categoryId)! + 1);
    for (const word of categoryWords(text)) seen.set(word, (seen.get(word) ?? 0) + 1);
    if (learned) learnedFrom.add(categoryId);
  };
  for (const category of candidates) {
    add(category.id, `${category.name} ${STARTING_WORDS[category.preset ?? ''] ?? ''}`, false);
  }
  for (const past of history) {
    add(past.categoryId, [...past.descriptions, past.vendorName ?? ''].join(' '), true);
  }

  const vocabulary = new Set<string>();
  for (const seen of counts.values()) for (const word of seen.keys()) vocabulary.add(word);
  if (!words.some((word) => vocabulary.has(word))) return null;

  const allDocuments = [...documents.values()].reduce((sum, n) => sum + n, 0);
  const scores = candidates.map((category) => {
    const seen = counts.get(category.id)!;
    const total = [...seen.values()].reduce((sum, n) => sum + n, 0);
    let score = Math.log(documents.get(category.id)! / allDocuments);
    for (const word of words) {
      score += Math.log(((seen.get(word) ?? 0) + 1) / (total + vocabulary.size));
    }
    return { category, score };
  });
  const best = scores.reduce((top, entry) => (entry.score > top.score ? entry : top));
  const sum = scores.reduce((total, entry) => total + Math.exp(entry.score - best.score), 0);
  const bestSeen = counts.get(best.category.id)!;
  if (!words.some((word) => bestSeen.has(word))) return null;
  return {
    categoryId: best.category.id,
    confidence: 1 / sum,
    learned: learnedFrom.has(best.category.id),
  };
}
