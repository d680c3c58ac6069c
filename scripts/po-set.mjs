// Sets translations in a catalog from a JSON object {"English text": "translation"}:
//   node scripts/po-set.mjs locales/sw.po translations.json
// Entries not in the catalog are reported; run `npm run i18n:extract` first.
import fs from 'node:fs';

const [catalogPath, jsonPath] = process.argv.slice(2);
if (!catalogPath || !jsonPath) {
  console.error('usage: node scripts/po-set.mjs <catalog.po> <translations.json>');
  process.exit(2);
}
const translations = JSON.parse(fs.readFileSync(jsonPath, 'utf8'));
const quote = (s) => JSON.stringify(s);
const lines = fs.readFileSync(catalogPath, 'utf8').split('\n');
const out = [];
const seen = new Set();
for (let i = 0; i < lines.length; i++) {
  const line = lines[i];
  if (!line.startsWith('msgid ')) {
    out.push(line);
    continue;
  }
  let id = JSON.parse(line.slice(6));
  out.push(line);
  while (lines[i + 1]?.startsWith('"')) {
    i++;
    id += JSON.parse(lines[i]);
    out.push(lines[i]);
  }
  if (!lines[i + 1]?.startsWith('msgstr ')) continue;
  i++;
  const strLines = [lines[i]];
  while (lines[i + 1]?.startsWith('"')) strLines.push(lines[++i]);
  if (id !== '' && Object.hasOwn(translations, id)) {
    seen.add(id);
    out.push(`msgstr ${quote(translations[id])}`);
  } else {
    out.push(...strLines);
  }
}
fs.writeFileSync(catalogPath, out.join('\n'));
const unknown = Object.keys(translations).filter((id) => !seen.has(id));
console.log(`${seen.size} translations set in ${catalogPath}`);
if (unknown.length) console.warn(`not in the catalog (extract first?):\n  ${unknown.join('\n  ')}`);
