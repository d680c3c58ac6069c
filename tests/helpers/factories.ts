// Test data with unique names. Each test arranges what it needs; nothing depends on seed rows.
import crypto from 'node:crypto';
import type { Role } from '../../domain/roles';
import { hashPassword } from '../../server/auth/passwords';
import type { DbOrTx } from '../../server/db/client';
import { companies, organizations, users } from '../../server/db/schema';

export const TEST_PASSWORD = 'Test-pass1';

const unique = () => crypto.randomBytes(4).toString('hex');
/** `n` random decimal digits: a TIN, a phone number, a serial's tail. */
export const digits = (n: number) =>
  Array.from({ length: n }, () => crypto.randomInt(0, 10)).join('');
/** A mobile number's nine digits, as Risiti keeps them: they never start with 0. */
export const mobileDigits = () => `7${digits(8)}`;

export async function createOrganization(
  db: DbOrTx,
  overrides: Partial<typeof organizations.$inferInsert> = {},
) {
  const [row] = await db
    .insert(organizations)
    .values({
      name: `Org ${unique()}`,
      ownerName: 'Owner Name',
      ownerPhone: mobileDigits(),
      ownerEmail: `org-${unique()}@example.co.tz`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createCompany(
  db: DbOrTx,
  overrides: Partial<typeof companies.$inferInsert> = {},
) {
  const organizationId = overrides.organizationId ?? (await createOrganization(db)).id;
  const [row] = await db
    .insert(companies)
    .values({
      name: `Company ${unique()}`,
      tin: digits(9),
      email: `company-${unique()}@example.co.tz`,
      phone: mobileDigits(),
      address: 'Plot 1, Dar es Salaam',
      serial: `10TZ${digits(6)}`,
      ...overrides,
      organizationId,
    })
    .returning();
  return row!;
}

let passwordHash: Promise<string> | undefined;

export async function createUser(
  db: DbOrTx,
  role: Role,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const name = unique();
  const [row] = await db
    .insert(users)
    .values({
      username: `user-${name}`,
      email: `user-${name}@example.co.tz`,
      firstName: 'Test',
      lastName: 'User',
      mobile: mobileDigits(),
      role,
      passwordHash: await passwordHash,
      mustChangePassword: false,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A company with an owner and an operator, all active. */
export async function createCompanyWithPeople(db: DbOrTx) {
  const company = await createCompany(db);
  const owner = await createUser(db, 'company_owner', {
    companyId: company.id,
    organizationId: company.organizationId,
  });
  const operator = await createUser(db, 'operator', {
    companyId: company.id,
    organizationId: company.organizationId,
  });
  return { company, owner, operator };
}
