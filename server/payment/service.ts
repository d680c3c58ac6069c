// /payment (spec §1): the subscription and installation prices with their VAT and totals, the
// company's paid-until day, and how to pay — instructions the platform admin keeps in both
// languages.
import { eq } from 'drizzle-orm';
import type { PaymentInstructions } from '../../domain/schemas/payment';
import { subscriptionPrices } from '../../domain/subscription';
import type { AuthUser, Deps } from '../context';
import { auditLog, companies, platformSettings } from '../db/schema';
import { appError } from '../http/app-error';

const INSTRUCTIONS_KEY = 'payment_instructions';

export interface PaymentView {
  prices: ReturnType<typeof subscriptionPrices>;
  company: { id: string; name: string; paidUntil: string | null } | null;
  instructions: PaymentInstructions | null;
}

async function instructions(deps: Deps): Promise<PaymentInstructions | null> {
  const [row] = await deps.db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, INSTRUCTIONS_KEY));
  return (row?.value as PaymentInstructions | undefined) ?? null;
}

/** `companyId` is the company resolved for the request (own, or the admin's chosen one). */
export async function paymentView(deps: Deps, companyId: string | null): Promise<PaymentView> {
  let company: PaymentView['company'] = null;
  if (companyId) {
    const [row] = await deps.db
      .select({ id: companies.id, name: companies.name, paidUntil: companies.paidUntil })
      .from(companies)
      .where(eq(companies.id, companyId));
    company = row ?? null;
  }
  return { prices: subscriptionPrices(), company, instructions: await instructions(deps) };
}

export async function savePaymentInstructions(
  deps: Deps,
  user: AuthUser,
  input: PaymentInstructions,
): Promise<PaymentInstructions> {
  if (user.role !== 'platform_admin') throw appError(403, 'forbidden');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(platformSettings)
      .values({ key: INSTRUCTIONS_KEY, value: input, updatedBy: user.id, updatedAt: now })
      .onConflictDoUpdate({
        target: platformSettings.key,
        set: { value: input, updatedBy: user.id, updatedAt: now },
      });
    await tx.insert(auditLog).values({
      userId: user.id,
      action: 'payment_instructions_saved',
      entity: 'platform_settings',
      entityId: INSTRUCTIONS_KEY,
      createdAt: now,
    });
  });
  return input;
}
