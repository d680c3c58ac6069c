// The signed-in user's own profile: names, email, phone and language.
import { and, eq, ne, sql } from 'drizzle-orm';
import { errorMessages } from '../../domain/errors';
import type { Locale } from '../../domain/i18n';
import type { SessionUser } from '../../domain/roles';
import type { ProfileInput } from '../../domain/schemas/auth';
import type { Deps } from '../context';
import { auditLog, users } from '../db/schema';
import { appError } from '../http/app-error';
import { sessionUser } from '../auth/service';

export async function updateProfile(
  deps: Deps,
  userId: string,
  input: ProfileInput,
): Promise<SessionUser> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, input.email.toLowerCase()), ne(users.id, userId)));
    if (taken)
      throw appError(409, 'email_taken', { fields: { email: errorMessages.email_taken.id } });
    const [updated] = await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        mobile: input.mobile,
        language: input.language,
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning({ companyId: users.companyId });
    if (!updated) throw appError(404, 'not_found');
    await tx.insert(auditLog).values({
      companyId: updated.companyId,
      userId,
      action: 'profile_updated',
      entity: 'user',
      entityId: userId,
      createdAt: now,
    });
    return sessionUser(tx, userId);
  });
}

export async function setLanguage(
  deps: Deps,
  userId: string,
  language: Locale,
): Promise<SessionUser> {
  await deps.db
    .update(users)
    .set({ language, updatedAt: deps.clock.now() })
    .where(eq(users.id, userId));
  return sessionUser(deps.db, userId);
}
