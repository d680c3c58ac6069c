// After `lingui compile`: splits the browser's Swahili catalog in four, so that a first visit
// waits only for the texts of its page. locales/sw.first.ts holds the messages of the sign-in
// pages, the app's frame, the errors the app words itself and the domain's common rules;
// locales/sw.public.ts those of the public pages (landing, help, contact, tax tips);
// locales/sw.receipt.ts those of the customer's receipt page (/r/{publicId});
// locales/sw.later.ts those of the signed-in screens, the server and the service worker (a
// message shown by pages of two parts is in both). src/i18n/i18n.ts loads the first
// part at the start and the router the others before the pages that need them. locales/sw.ts,
// whole, stays the server's.
import fs from 'node:fs';
import { formatter } from '@lingui/format-po';

/** Files whose messages only the public pages show. */
const PUBLIC = /^src\/routes\/(_public\/|-components\/(PublicLayout|MenuDrawer)\.tsx$)/;
/**
 * Files whose messages no public or sign-in page shows: the signed-in screens (but the account's
 * parts the password pages use; the profile's own card and page are signed-in screens; the day
 * field of the lists and reports), the server's and the service worker's, and the domain's rules
 * of the signed-in work (expenses, invoices, reports, insights, payments, integrations, imports).
 * The errors the app words itself on those pages (domain/visitor-errors.ts), the domain's common
 * validation messages and the rules of users and passwords stay in the first part, as does any
 * domain file not named here; the rest of the error catalogue is the server's and the signed-in
 * screens' (the server words its answers in the caller's language).
 * tests/web/catalog-parts.test.tsx fails when a public or sign-in page shows one of them.
 */
const SIGNED_IN_DOMAIN =
  /^domain\/(attachments|customer-csv|date-range|errors|expense|expense-categories|insights-engine|integrations|invoice-status|payments|push|record-messages|sales-report|tax|ussd|weekdays|schemas\/(content|expense|expense-category|insight|invoice|payment|registration|vendor))\.ts$/;
const LATER =
  /^(src\/features\/(?!account\/)|src\/features\/account\/Profile(Card|Page)\.tsx$|src\/app\/shell\/|src\/forms\/DayInput\.tsx$|src\/routes\/_app\/|server\/|sw\/)/;
/**
 * Files that public pages and signed-in screens both show: the landing page's registration form,
 * with the question it asks before what was typed in it is left.
 */
const PUBLIC_AND_LATER =
  /^(src\/features\/registration\/RegistrationForm\.tsx|src\/app\/shell\/useLeaveGuard\.tsx|domain\/schemas\/registration\.ts)$/;
/** The customer's receipt page, which only a customer sent its link opens. */
const RECEIPT = /^src\/routes\/-components\/PublicReceiptPage\.tsx$/;
/**
 * Files that the customer's receipt page and signed-in screens both show: the receipt itself,
 * with its payment and identification labels.
 * tests/web/catalog-parts-receipt.test.tsx fails when the receipt page shows another's message.
 */
const RECEIPT_AND_LATER =
  /^(src\/features\/invoices\/print\/ThermalReceipt\.tsx|src\/features\/customers\/labels\.ts|domain\/payments\.ts)$/;

/** The parts that need a file's messages. */
function partsOfFile(file) {
  if (PUBLIC_AND_LATER.test(file)) return ['public', 'later'];
  if (RECEIPT_AND_LATER.test(file)) return ['receipt', 'later'];
  if (RECEIPT.test(file)) return ['receipt'];
  if (PUBLIC.test(file)) return ['public'];
  if (LATER.test(file) || SIGNED_IN_DOMAIN.test(file)) return ['later'];
  return ['first'];
}

const po = await formatter({ lineNumbers: false }).parse(fs.readFileSync('locales/sw.po', 'utf8'), {
  locale: 'sw',
  sourceLocale: 'en',
  filename: 'locales/sw.po',
});
const compiledFile = fs.readFileSync('locales/sw.ts', 'utf8');
const json = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(compiledFile);
if (!json) throw new Error('locales/sw.ts is not a compiled catalog');
const compiled = JSON.parse(JSON.parse(json[1]));

/**
 * The parts a message goes to: the first, which every page loads, if any file that is not only
 * public or signed-in uses it; otherwise each part whose pages show it (a signed-in user who
 * signed in from a Swahili visit has no public part, a visitor no signed-in one).
 */
function partsOf(files) {
  const parts = new Set(files.length ? files.flatMap(partsOfFile) : ['first']);
  return parts.has('first') ? ['first'] : [...parts];
}

const parts = { first: {}, public: {}, receipt: {}, later: {} };
for (const [id, message] of Object.entries(compiled)) {
  const entry = po[id];
  if (!entry) throw new Error(`locales/sw.po has no message ${JSON.stringify(id)}`);
  for (const part of partsOf(entry.origin.map(([file]) => file))) parts[part][id] = message;
}

const source = (messages) =>
  '/*eslint-disable*/import type{Messages}from"@lingui/core";' +
  `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(messages))})as Messages;\n`;
for (const [part, messages] of Object.entries(parts)) {
  fs.writeFileSync(`locales/sw.${part}.ts`, source(messages));
}
console.log(
  'Swahili catalog split: ' +
    Object.entries(parts)
      .map(([part, messages]) => `${Object.keys(messages).length} messages ${part}`)
      .join(', '),
);
