// The curl and fetch text of a documented request, against the server the page came from.
/* eslint-disable lingui/no-unlocalized-strings -- shell and JavaScript source, the same in every language */
import type { ApiExample } from './examples';

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function curlCommand(example: ApiExample, origin: string): string {
  const lines = [
    `curl${example.method === 'GET' ? '' : ` -X ${example.method}`}${example.method === 'OPTIONS' ? ' -i' : ''} ${quote(origin + example.path)}`,
  ];
  for (const [name, value] of Object.entries(example.headers ?? {})) {
    lines.push(`  -H ${quote(`${name}: ${value}`)}`);
  }
  if (example.body !== undefined) {
    lines.push(`  --data ${quote(JSON.stringify(example.body, null, 2))}`);
  }
  return lines.join(' \\\n');
}

const indent = (text: string, by: string) => text.split('\n').join(`\n${by}`);

export function fetchCall(example: ApiExample, origin: string): string {
  const options: string[] = [];
  if (example.method !== 'GET') options.push(`  method: '${example.method}',`);
  const headers = Object.entries(example.headers ?? {});
  if (headers.length > 0) {
    options.push('  headers: {');
    for (const [name, value] of headers) options.push(`    '${name}': '${value}',`);
    options.push('  },');
  }
  if (example.body !== undefined) {
    options.push(`  body: JSON.stringify(${indent(JSON.stringify(example.body, null, 2), '  ')}),`);
  }
  const call =
    options.length > 0
      ? `const response = await fetch('${origin}${example.path}', {\n${options.join('\n')}\n});`
      : `const response = await fetch('${origin}${example.path}');`;
  return example.response.body === undefined
    ? call
    : `${call}\nconst answer = await response.json();`;
}

export function responseText(example: ApiExample): string {
  const lines = [`HTTP ${example.response.status}`];
  for (const [name, value] of Object.entries(example.response.headers ?? {})) {
    lines.push(`${name}: ${value}`);
  }
  if (example.response.body !== undefined) {
    lines.push('', JSON.stringify(example.response.body, null, 2));
  }
  return lines.join('\n');
}
