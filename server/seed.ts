// First start: the platform admin and, unless RISITI_DEMO=0, a demo organization, company,
// owner and two operators. Logins are printed once, when they are created, and never again.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Deps } from './context';
import { companies, organizations, users } from './db/schema';
import { insertStartingCategories } from './expenses/categories';
import { hashPassword } from './auth/passwords';

export interface SeededLogin {
  role: string;
  username: string;
  password: string;
}

export interface SeedResult {
  logins: SeededLogin[];
  demoCompanyId: string | null;
}

/** A password that meets the product's rule: capital, small letter, digit, special character. */
export function generatePassword(): string {
  const body = crypto.randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
  return `Rs${body}7!`;
}

export const DEMO = {
  organization: {
    name: 'Duka Demo Group',
    ownerName: 'Asha Mwinyi',
    ownerPhone: '712345678',
    ownerEmail: 'asha@duka-demo.co.tz',
  },
  company: {
    name: 'Duka Demo Ltd',
    tin: '101825906',
    vrn: '10017937K',
    email: 'info@duka-demo.co.tz',
    phone: '712345678',
    address: 'Plot 12, Samora Avenue, Dar es Salaam',
    serial: '10TZ100781',
  },
} as const;

export async function seed(deps: Deps): Promise<SeedResult> {
  const { db, config } = deps;
  const result: SeedResult = { logins: [], demoCompanyId: null };
  const [existingAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'platform_admin'));
  if (existingAdmin) return result;

  const adminUsername = (config.adminUser ?? 'admin').toLowerCase();
  const adminPassword = config.adminPassword ?? generatePassword();
  await db.insert(users).values({
    username: adminUsername,
    email: `${adminUsername}@risiti.local`,
    firstName: 'Platform',
    lastName: 'Admin',
    passwordHash: await hashPassword(adminPassword),
    role: 'platform_admin',
    mustChangePassword: !config.adminPassword,
  });
  result.logins.push({ role: 'platform admin', username: adminUsername, password: adminPassword });

  if (!config.demo) return result;

  const [organization] = await db.insert(organizations).values(DEMO.organization).returning();
  const company = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(companies)
      .values({ ...DEMO.company, organizationId: organization!.id })
      .returning();
    await insertStartingCategories(tx, row!.id, deps.clock.now());
    return row;
  });
  result.demoCompanyId = company!.id;
  const people = [
    {
      username: 'owner',
      firstName: 'Asha',
      lastName: 'Mwinyi',
      role: 'company_owner' as const,
      email: 'owner@duka-demo.co.tz',
      mobile: '712345678',
    },
    {
      username: 'operator1',
      firstName: 'Juma',
      lastName: 'Hassan',
      role: 'operator' as const,
      email: 'juma@duka-demo.co.tz',
      mobile: '754100201',
    },
    {
      username: 'operator2',
      firstName: 'Neema',
      lastName: 'Mushi',
      role: 'operator' as const,
      email: 'neema@duka-demo.co.tz',
      mobile: '765300402',
    },
  ];
  for (const person of people) {
    const password = generatePassword();
    await db.insert(users).values({
      ...person,
      passwordHash: await hashPassword(password),
      organizationId: organization!.id,
      companyId: company!.id,
    });
    result.logins.push({
      role: person.role.replace('_', ' '),
      username: person.username,
      password,
    });
  }
  return result;
}

export function printLogins(logins: SeededLogin[]): void {
  if (logins.length === 0) return;
  const lines = [
    '',
    '  Risiti: first start. These logins are shown once; keep them now.',
    ...logins.map(
      (l) => `    ${l.role.padEnd(16)} username: ${l.username.padEnd(12)} password: ${l.password}`,
    ),
    '  Each of them will be asked to choose a new password at first sign-in.',
    '',
  ];
  console.log(lines.join('\n'));
}
