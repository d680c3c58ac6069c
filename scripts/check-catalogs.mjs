// Fails when the Swahili catalog misses a message or leaves one empty, or when a translation
// drops a {placeholder} of the English text. Extracts first so new messages are seen.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

execFileSync('npx', ['lingui', 'extract', '--clean'], { stdio: ['ignore', 'ignore', 'inherit'] });

function parsePo(text) {
  const entries = [];
  let current = null;
  let field = null;
  const unquote = (s) => JSON.parse(s);
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('msgid ')) {
      current = { id: unquote(line.slice(6)), str: '', obsolete: false };
      entries.push(current);
      field = 'id';
    } else if (line.startsWith('msgstr ')) {
      if (current) current.str = unquote(line.slice(7));
      field = 'str';
    } else if (line.startsWith('"') && current) {
      current[field] += unquote(line);
    } else if (line.startsWith('#~') && current) {
      current.obsolete = true;
    }
  }
  return entries.filter((e) => e.id !== '' && !e.obsolete);
}

// {name} or {name, plural, …}; not the text of a plural branch such as "one {Import # customer}".
const placeholders = (s) => new Set([...s.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]));
const sw = parsePo(fs.readFileSync('locales/sw.po', 'utf8'));
const problems = [];
for (const entry of sw) {
  if (!entry.str.trim()) {
    problems.push(`missing Swahili: ${JSON.stringify(entry.id)}`);
    continue;
  }
  const want = placeholders(entry.id);
  const got = placeholders(entry.str);
  for (const name of want)
    if (!got.has(name))
      problems.push(`placeholder {${name}} lost in Swahili of ${JSON.stringify(entry.id)}`);
}
if (problems.length) {
  console.error(`Swahili catalog incomplete (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Swahili catalog complete: ${sw.length} messages translated.`);
