// The developer documentation pages show requests and answers; this sends every one of them to
// the real app, scenario by scenario as a caller would, and checks that the answer is the one
// shown: status, the headers shown, and the body (values that differ on every call by type).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXAMPLE_ACCOUNT,
  EXAMPLE_NEW_OPERATOR,
  EXAMPLE_TOKENS,
  VARYING_VALUES,
  authExamples,
  authScenarios,
  invoiceExamples,
  invoiceScenarios,
  type ApiExample,
} from '../../src/features/developer/examples';
import { hashPassword } from '../../server/auth/passwords';
import { companies } from '../../server/db/schema';
import { createUser } from '../helpers/factories';
import { createFiscalEnv, type FiscalEnv } from '../helpers/fiscal';

let env: FiscalEnv;

beforeAll(async () => {
  env = await createFiscalEnv();
  const company = await env.company({ tin: EXAMPLE_ACCOUNT.company.tin });
  await env.deps.db
    .update(companies)
    .set({ name: EXAMPLE_ACCOUNT.company.name })
    .where(eq(companies.id, company.id));
  await createUser(env.deps.db, 'company_owner', {
    id: EXAMPLE_ACCOUNT.id,
    companyId: company.id,
    organizationId: company.organizationId,
    username: EXAMPLE_ACCOUNT.username,
    firstName: EXAMPLE_ACCOUNT.firstname,
    lastName: EXAMPLE_ACCOUNT.lastname,
    email: EXAMPLE_ACCOUNT.email,
    mobile: EXAMPLE_ACCOUNT.mobile,
    passwordHash: await hashPassword(EXAMPLE_ACCOUNT.password),
  });
  await createUser(env.deps.db, 'operator', {
    id: EXAMPLE_NEW_OPERATOR.id,
    companyId: company.id,
    organizationId: company.organizationId,
    username: EXAMPLE_NEW_OPERATOR.username,
    firstName: EXAMPLE_NEW_OPERATOR.firstname,
    lastName: EXAMPLE_NEW_OPERATOR.lastname,
    email: EXAMPLE_NEW_OPERATOR.email,
    mobile: EXAMPLE_NEW_OPERATOR.mobile,
    passwordHash: await hashPassword(EXAMPLE_NEW_OPERATOR.password),
    mustChangePassword: true,
  });
});
afterAll(async () => {
  await env.close();
});

const SHOWN_TOKENS = new Set<string>(Object.values(EXAMPLE_TOKENS));

function varying(path: string[]): boolean {
  const dotted = path.join('.');
  return VARYING_VALUES.some((name) => dotted === name || dotted.endsWith(`.${name}`));
}

const kind = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/**
 * Where the answer differs from the one shown. Tokens shown are bound to the real ones on the
 * way, so later requests can carry them.
 */
function differences(
  actual: unknown,
  shown: unknown,
  tokens: Map<string, string>,
  path: string[] = [],
): string[] {
  const where = path.join('.') || '(body)';
  if (kind(actual) !== kind(shown)) return [`${where}: ${kind(actual)} where ${kind(shown)} shown`];
  if (typeof shown === 'string' && SHOWN_TOKENS.has(shown)) {
    tokens.set(shown, actual as string);
    return [];
  }
  if (Array.isArray(shown)) {
    const list = actual as unknown[];
    if (list.length !== shown.length)
      return [`${where}: ${list.length} items, ${shown.length} shown`];
    return shown.flatMap((item, i) => differences(list[i], item, tokens, [...path, String(i)]));
  }
  if (shown && typeof shown === 'object') {
    const record = actual as Record<string, unknown>;
    const keys = new Set([...Object.keys(record), ...Object.keys(shown)]);
    return [...keys].flatMap((key) =>
      !(key in shown)
        ? [`${where}.${key}: answered but not shown`]
        : !(key in record)
          ? [`${where}.${key}: shown but not answered`]
          : differences(record[key], (shown as Record<string, unknown>)[key], tokens, [
              ...path,
              key,
            ]),
    );
  }
  if (varying(path) || actual === shown) return [];
  return [`${where}: ${JSON.stringify(actual)} where ${JSON.stringify(shown)} shown`];
}

function withTokens<T>(value: T, tokens: Map<string, string>): T {
  let text = JSON.stringify(value);
  for (const [shown, real] of tokens) text = text.split(shown).join(real);
  return JSON.parse(text) as T;
}

async function send(example: ApiExample, tokens: Map<string, string>) {
  const request = withTokens({ headers: example.headers ?? {}, body: example.body }, tokens);
  if (example.laterSeconds) env.clock.advance(example.laterSeconds * 1000);
  let response: Response | undefined;
  for (let i = 0; i < (example.repeat ?? 1); i++) {
    response = await env.server.app.request(example.path, {
      method: example.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
  }
  const text = await response!.text();
  return {
    status: response!.status,
    headers: response!.headers,
    body: text ? JSON.parse(text) : undefined,
  };
}

async function runScenario(examples: Record<string, ApiExample>, names: string[]) {
  const tokens = new Map<string, string>();
  // Every scenario begins signed in, with the tokens the sign-in example shows.
  const steps = names[0] === 'login' ? names : ['login', ...names];
  for (const name of steps) {
    const example = examples[name] ?? (authExamples as Record<string, ApiExample>)[name]!;
    const answer = await send(example, tokens);
    const problems: string[] = [];
    if (answer.status !== example.response.status)
      problems.push(`status ${answer.status} where ${example.response.status} shown`);
    for (const [header, value] of Object.entries(example.response.headers ?? {})) {
      if (answer.headers.get(header) !== value)
        problems.push(`${header}: ${answer.headers.get(header)} where ${value} shown`);
    }
    problems.push(...differences(answer.body, example.response.body, tokens));
    expect({ example: name, problems }).toEqual({ example: name, problems: [] });
  }
  // The next scenario begins an hour later, when this one's sign-in block is over.
  env.clock.advance(3600_000);
}

describe.each([
  ['sign-in and tokens', authExamples, authScenarios],
  ['invoices', invoiceExamples, invoiceScenarios],
] as const)('the %s page', (_, examples, scenarios) => {
  it('runs every example it shows', () => {
    expect(new Set(scenarios.flat())).toEqual(new Set(Object.keys(examples)));
  });

  it.each(scenarios.map((names) => [names.join(' → '), names]))(
    'answers as shown: %s',
    async (_name, names) => {
      await runScenario(examples as Record<string, ApiExample>, names as string[]);
    },
  );
});
