// A company's accounting integrations: connect (OAuth2 state, code exchange, the organisation),
// import (the package's sales invoices become Risiti drafts through the invoice service, so they
// reach phones through the changes feed like any other), disconnect, and the status page's view.
// One import per connection at a time, across processes (a lease on the row): refresh tokens
// rotate, and two refreshes at once would end the connection.
import crypto from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Locale } from '../../domain/i18n';
import {
  INTEGRATION_PROVIDERS,
  SKIPPED_LISTED,
  type ImportSummary,
  type IntegrationProvider,
  type IntegrationStatus,
  type SkippedInvoice,
} from '../../domain/integrations';
import { invoiceFieldsSchema, type InvoiceFieldsInput } from '../../domain/schemas/invoice';
import type { IntegrationProviderConfig } from '../config';
import type { AuthUser, Deps } from '../context';
import { assertCompanyAccess } from '../auth/company-access';
import { accountingConnections, accountingOauthStates, auditLog, invoices } from '../db/schema';
import { AppError } from '../http/app-error';
import { translate } from '../i18n';
import { saveInvoice, operatorName } from '../invoices/service';
import { open, seal } from '../vfd/sealed';
import {
  integrationError,
  integrationValues,
  isIntegrationErrorCode,
  ProviderError,
  providerErrorCode,
} from './errors';
import type { ExternalInvoice } from './mapped';
import { authorizeUrl, exchangeCode, refreshTokens, revokeToken, type Tokens } from './oauth';
import {
  mapQuickbooksInvoice,
  QUICKBOOKS_PAGE_SIZE,
  quickbooksCompanyName,
  quickbooksInvoicePage,
  quickbooksTaxCodes,
} from './quickbooks';
import { mapXeroInvoice, XERO_PAGE_SIZE, xeroInvoicePage, xeroOrganisation } from './xero';

export const STATE_TTL_MS = 10 * 60_000;
/** Pages of 100 read by one import: at most 1,000 invoices, the rest comes with the next one. */
export const MAX_PAGES = 10;
/** The first import reads invoices changed in the last 30 days, not the package's whole past. */
export const FIRST_IMPORT_DAYS = 30;
const LEASE_MS = 5 * 60_000;
/** Read again a little before the last import, for clocks that disagree. */
const OVERLAP_MS = 5 * 60_000;
const REFRESH_MARGIN_MS = 60_000;

type ConnectionRow = typeof accountingConnections.$inferSelect;

export function providerSettings(
  deps: Deps,
  provider: IntegrationProvider,
): IntegrationProviderConfig {
  const settings = deps.config.integrations[provider];
  if (!settings) throw integrationError('integration_not_configured', provider);
  return settings;
}

const hashState = (state: string) => crypto.createHash('sha256').update(state).digest('hex');
const purpose = (companyId: string, provider: string, kind: 'access' | 'refresh') =>
  `accounting-${kind}:${companyId}:${provider}`;

/** The same external invoice always becomes the same Risiti id in a company. */
function derivedId(...parts: string[]): string {
  const hash = crypto.createHash('sha256').update(parts.join('\u0000')).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// ---------------------------------------------------------------------------------- status

function statusOf(
  provider: IntegrationProvider,
  configured: boolean,
  row: ConnectionRow | undefined,
  locale: Locale,
): IntegrationStatus {
  const code = row?.lastErrorCode;
  return {
    provider,
    configured,
    connected: Boolean(row),
    organisationName: row?.organisationName ?? null,
    connectedBy: row?.connectedByName ?? null,
    connectedAt: row?.connectedAt.toISOString() ?? null,
    lastImportAt: row?.lastImportAt?.toISOString() ?? null,
    lastImport: row?.lastImportAt
      ? {
          imported: row.lastImported,
          updated: row.lastUpdated,
          unchanged: row.lastUnchanged,
          skipped: row.lastSkipped,
          more: row.lastMore > 0,
        }
      : null,
    skipped: row?.skipped ?? [],
    lastError:
      code && isIntegrationErrorCode(code)
        ? {
            code,
            message: translate(locale, integrationError(code, provider).text, {
              ...integrationValues(provider),
            }),
            at: (row.lastErrorAt ?? row.connectedAt).toISOString(),
          }
        : null,
  };
}

export async function integrationStatuses(
  deps: Deps,
  companyId: string,
  locale: Locale,
): Promise<IntegrationStatus[]> {
  const rows = await deps.db
    .select()
    .from(accountingConnections)
    .where(eq(accountingConnections.companyId, companyId));
  return INTEGRATION_PROVIDERS.map((provider) =>
    statusOf(
      provider,
      Boolean(deps.config.integrations[provider]),
      rows.find((row) => row.provider === provider),
      locale,
    ),
  );
}

async function statusFor(
  deps: Deps,
  companyId: string,
  provider: IntegrationProvider,
  locale: Locale,
): Promise<IntegrationStatus> {
  const all = await integrationStatuses(deps, companyId, locale);
  return all.find((s) => s.provider === provider)!;
}

// --------------------------------------------------------------------------------- connect

/** A fresh single-use state bound to the person, company and provider; the address to go to. */
export async function startConnect(
  deps: Deps,
  ctx: { companyId: string; userId: string },
  provider: IntegrationProvider,
  redirectUri: string,
): Promise<{ url: string }> {
  const settings = providerSettings(deps, provider);
  const state = crypto.randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await deps.db.delete(accountingOauthStates).where(lt(accountingOauthStates.expiresAt, now));
  await deps.db.insert(accountingOauthStates).values({
    stateHash: hashState(state),
    companyId: ctx.companyId,
    userId: ctx.userId,
    provider,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  return { url: authorizeUrl(provider, settings, redirectUri, state) };
}

export const callbackSchema = v.object({
  code: v.pipe(v.string(), v.minLength(1), v.maxLength(2048)),
  state: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  realmId: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
});
export type CallbackInput = v.InferOutput<typeof callbackSchema>;

/**
 * Takes the state (once: it is deleted as it is read) and checks it is this person's, for this
 * provider, unexpired and for a company they still reach; wrong, expired, reused and someone
 * else's states all get the same answer.
 */
async function takeState(
  deps: Deps,
  user: AuthUser,
  provider: IntegrationProvider,
  state: string,
): Promise<string> {
  const [row] = await deps.db
    .delete(accountingOauthStates)
    .where(
      and(
        eq(accountingOauthStates.stateHash, hashState(state)),
        eq(accountingOauthStates.userId, user.id),
        eq(accountingOauthStates.provider, provider),
      ),
    )
    .returning();
  if (!row || row.expiresAt.getTime() <= deps.clock.now().getTime()) {
    throw integrationError('integration_state_invalid', provider);
  }
  try {
    await assertCompanyAccess(deps.db, user, row.companyId);
  } catch {
    throw integrationError('integration_state_invalid', provider);
  }
  return row.companyId;
}

function asIntegrationError(error: unknown, provider: IntegrationProvider): unknown {
  return error instanceof ProviderError
    ? integrationError(providerErrorCode(error), provider)
    : error;
}

export async function finishConnect(
  deps: Deps,
  user: AuthUser,
  provider: IntegrationProvider,
  input: CallbackInput,
  redirectUri: string,
  locale: Locale,
): Promise<IntegrationStatus> {
  const settings = providerSettings(deps, provider);
  const companyId = await takeState(deps, user, provider, input.state);
  const realmId = input.realmId?.trim() ?? '';
  if (provider === 'quickbooks' && !/^\d{1,30}$/.test(realmId)) {
    throw integrationError('integration_state_invalid', provider);
  }
  const now = deps.clock.now();
  let tokens: Tokens;
  let organisation: { tenantId: string; name: string } | null;
  try {
    tokens = await exchangeCode(settings, input.code, redirectUri, now);
    organisation =
      provider === 'xero'
        ? await xeroOrganisation(settings.apiUrl, tokens.accessToken)
        : {
            tenantId: realmId,
            name: await quickbooksCompanyName(settings.apiUrl, tokens.accessToken, realmId),
          };
  } catch (error) {
    throw asIntegrationError(error, provider);
  }
  if (!organisation) throw integrationError('integration_no_organisation', provider);
  const org = organisation;
  const name = await operatorName(deps.db, user.id);
  await deps.db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ tenantId: accountingConnections.tenantId })
      .from(accountingConnections)
      .where(
        and(
          eq(accountingConnections.companyId, companyId),
          eq(accountingConnections.provider, provider),
        ),
      )
      .for('update');
    const values = {
      tenantId: org.tenantId,
      organisationName: org.name,
      accessTokenSealed: seal(
        deps.secrets.dataKey,
        tokens.accessToken,
        purpose(companyId, provider, 'access'),
      ),
      refreshTokenSealed: seal(
        deps.secrets.dataKey,
        tokens.refreshToken,
        purpose(companyId, provider, 'refresh'),
      ),
      accessExpiresAt: tokens.expiresAt,
      connectedById: user.id,
      connectedByName: name,
      connectedAt: now,
      lastErrorCode: null,
      lastErrorAt: null,
      leaseId: null,
      leaseUntil: null,
    };
    if (previous) {
      // Another organisation starts its own history of imports.
      const other = previous.tenantId !== org.tenantId;
      await tx
        .update(accountingConnections)
        .set({
          ...values,
          ...(other
            ? {
                importedUntil: null,
                lastImportAt: null,
                lastImported: 0,
                lastUpdated: 0,
                lastUnchanged: 0,
                lastSkipped: 0,
                lastMore: 0,
                skipped: [],
              }
            : {}),
        })
        .where(
          and(
            eq(accountingConnections.companyId, companyId),
            eq(accountingConnections.provider, provider),
          ),
        );
    } else {
      await tx.insert(accountingConnections).values({ companyId, provider, ...values });
    }
    await tx.insert(auditLog).values({
      companyId,
      userId: user.id,
      action: 'integration_connected',
      entity: 'accounting_connection',
      entityId: provider,
      data: { tenantId: org.tenantId, organisationName: org.name },
      createdAt: now,
    });
  });
  return statusFor(deps, companyId, provider, locale);
}

// ---------------------------------------------------------------------------------- import

interface Session {
  deps: Deps;
  row: ConnectionRow;
  provider: IntegrationProvider;
  settings: IntegrationProviderConfig;
  leaseId: string;
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

const connectionOf = (companyId: string, provider: IntegrationProvider) =>
  and(eq(accountingConnections.companyId, companyId), eq(accountingConnections.provider, provider));

async function claim(
  deps: Deps,
  companyId: string,
  provider: IntegrationProvider,
): Promise<{ row: ConnectionRow; leaseId: string }> {
  const now = deps.clock.now();
  const leaseId = crypto.randomUUID();
  const [row] = await deps.db
    .update(accountingConnections)
    .set({ leaseId, leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(
      and(
        connectionOf(companyId, provider),
        or(isNull(accountingConnections.leaseUntil), lt(accountingConnections.leaseUntil, now)),
      ),
    )
    .returning();
  if (row) return { row, leaseId };
  const [exists] = await deps.db
    .select({ provider: accountingConnections.provider })
    .from(accountingConnections)
    .where(connectionOf(companyId, provider));
  throw integrationError(exists ? 'integration_busy' : 'integration_not_connected', provider);
}

async function refresh(session: Session): Promise<void> {
  const { deps, row, provider } = session;
  const tokens = await refreshTokens(session.settings, session.refreshToken, deps.clock.now());
  // The old refresh token is spent: the new one is stored before anything else can fail.
  await deps.db
    .update(accountingConnections)
    .set({
      accessTokenSealed: seal(
        deps.secrets.dataKey,
        tokens.accessToken,
        purpose(row.companyId, provider, 'access'),
      ),
      refreshTokenSealed: seal(
        deps.secrets.dataKey,
        tokens.refreshToken,
        purpose(row.companyId, provider, 'refresh'),
      ),
      accessExpiresAt: tokens.expiresAt,
    })
    .where(connectionOf(row.companyId, provider));
  session.accessToken = tokens.accessToken;
  session.refreshToken = tokens.refreshToken;
  session.expiresAt = tokens.expiresAt;
}

/** A call with a live access token: refreshed when about to expire, and once on a 401. */
async function authorized<T>(session: Session, call: (token: string) => Promise<T>): Promise<T> {
  const now = session.deps.clock.now().getTime();
  if (session.expiresAt.getTime() - REFRESH_MARGIN_MS <= now) await refresh(session);
  try {
    return await call(session.accessToken);
  } catch (error) {
    if (!(error instanceof ProviderError) || error.kind !== 'unauthorized') throw error;
    await refresh(session);
    return call(session.accessToken);
  }
}

async function fetchInvoices(
  session: Session,
  since: Date,
): Promise<{ invoices: ExternalInvoice[]; more: boolean }> {
  const { settings, row } = session;
  const found: ExternalInvoice[] = [];
  if (session.provider === 'xero') {
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const list = await authorized(session, (token) =>
        xeroInvoicePage(settings.apiUrl, token, row.tenantId, page, since),
      );
      for (const raw of list.slice(0, XERO_PAGE_SIZE)) {
        const mapped = mapXeroInvoice(raw, row.tenantId);
        if (mapped) found.push(mapped);
      }
      if (list.length < XERO_PAGE_SIZE) return { invoices: found, more: false };
    }
    return { invoices: found, more: true };
  }
  const codes = await authorized(session, (token) =>
    quickbooksTaxCodes(settings.apiUrl, token, row.tenantId),
  );
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const start = page * QUICKBOOKS_PAGE_SIZE + 1;
    const list = await authorized(session, (token) =>
      quickbooksInvoicePage(settings.apiUrl, token, row.tenantId, since, start),
    );
    for (const raw of list.slice(0, QUICKBOOKS_PAGE_SIZE)) {
      const mapped = mapQuickbooksInvoice(raw, row.tenantId, codes);
      if (mapped) found.push(mapped);
    }
    if (list.length < QUICKBOOKS_PAGE_SIZE) return { invoices: found, more: false };
  }
  return { invoices: found, more: true };
}

function fieldsOf(
  invoice: ExternalInvoice,
  provider: IntegrationProvider,
  id: string,
): v.InferOutput<typeof invoiceFieldsSchema> | null {
  if (!invoice.result.ok) return null;
  const { customer, amountsIncludeTax, lines, reference } = invoice.result;
  const input = (withContact: boolean): InvoiceFieldsInput => ({
    customer: {
      name: customer.name,
      ...(withContact ? { email: customer.email, phoneNumber: customer.phoneNumber } : {}),
    },
    amountsIncludeTax,
    items: lines.map((line, index) => ({ id: derivedId(id, String(index)), ...line })),
    payments: [],
    reference,
    accountingNumber: invoice.number,
    origin: provider,
  });
  // A phone or email the package accepts and Risiti does not is left out, not the invoice.
  for (const withContact of [true, false]) {
    const parsed = v.safeParse(invoiceFieldsSchema, input(withContact));
    if (parsed.success) return parsed.output;
  }
  return null;
}

async function writeInvoices(
  session: Session,
  userId: string,
  found: ExternalInvoice[],
): Promise<Omit<ImportSummary, 'more'> & { listed: SkippedInvoice[] }> {
  const { deps, row, provider } = session;
  const counts = { imported: 0, updated: 0, unchanged: 0, skipped: 0 };
  const listed: SkippedInvoice[] = [];
  const skipOne = (invoice: ExternalInvoice, reason: SkippedInvoice['reason']) => {
    counts.skipped += 1;
    if (listed.length < SKIPPED_LISTED) listed.push({ number: invoice.number, reason });
  };
  const ctx = { deps, userId, companyId: row.companyId, deviceId: null };
  for (const invoice of found) {
    if (!invoice.result.ok) {
      skipOne(invoice, invoice.result.reason);
      continue;
    }
    const id = derivedId(row.companyId, provider, invoice.externalId);
    const fields = fieldsOf(invoice, provider, id);
    if (!fields) {
      skipOne(invoice, 'invalid');
      continue;
    }
    const [existing] = await deps.db
      .select({ version: invoices.version })
      .from(invoices)
      .where(and(eq(invoices.companyId, row.companyId), eq(invoices.id, id)));
    try {
      const saved = await saveInvoice(ctx, id, fields);
      if (saved.created) counts.imported += 1;
      else if (existing && saved.invoice.version !== existing.version) counts.updated += 1;
      else counts.unchanged += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'company_blocked') {
        throw integrationError('integration_company_blocked', provider);
      }
      if (error.code === 'invoice_locked') skipOne(invoice, 'submitted');
      else if (error.code === 'invoice_canceled') skipOne(invoice, 'canceled');
      else skipOne(invoice, 'invalid');
    }
  }
  return { ...counts, listed };
}

async function recordFailure(session: Session, code: string): Promise<void> {
  await session.deps.db
    .update(accountingConnections)
    .set({
      lastErrorCode: code,
      lastErrorAt: session.deps.clock.now(),
      leaseId: null,
      leaseUntil: null,
    })
    .where(
      and(
        connectionOf(session.row.companyId, session.provider),
        eq(accountingConnections.leaseId, session.leaseId),
      ),
    );
}

/**
 * Reads every invoice first and writes only once the provider answered all pages, so a provider
 * that fails halfway leaves nothing half imported; each draft is then its own write through the
 * invoice service. Failures are stored on the connection and answered translated.
 */
export async function importInvoices(
  deps: Deps,
  companyId: string,
  provider: IntegrationProvider,
  userId: string,
): Promise<ImportSummary> {
  const settings = providerSettings(deps, provider);
  const { row, leaseId } = await claim(deps, companyId, provider);
  const session: Session = {
    deps,
    row,
    provider,
    settings,
    leaseId,
    accessToken: '',
    refreshToken: '',
    expiresAt: row.accessExpiresAt,
  };
  const startedAt = deps.clock.now();
  try {
    try {
      session.accessToken = open(
        deps.secrets.dataKey,
        row.accessTokenSealed,
        purpose(companyId, provider, 'access'),
      ).toString('utf8');
      session.refreshToken = open(
        deps.secrets.dataKey,
        row.refreshTokenSealed,
        purpose(companyId, provider, 'refresh'),
      ).toString('utf8');
    } catch {
      // Sealed under another data key: only a new connection helps.
      throw new ProviderError('refused', 'tokens do not open');
    }
    const since =
      row.importedUntil ?? new Date(startedAt.getTime() - FIRST_IMPORT_DAYS * 24 * 3_600_000);
    const { invoices: found, more } = await fetchInvoices(session, since);
    const written = await writeInvoices(session, userId, found);
    const latest = found.reduce<number>(
      (max, invoice) => Math.max(max, invoice.updatedAt?.getTime() ?? 0),
      0,
    );
    const importedUntil =
      more && latest > 0 ? new Date(latest) : new Date(startedAt.getTime() - OVERLAP_MS);
    await deps.db
      .update(accountingConnections)
      .set({
        importedUntil:
          row.importedUntil && importedUntil < row.importedUntil
            ? row.importedUntil
            : importedUntil,
        lastImportAt: deps.clock.now(),
        lastImported: written.imported,
        lastUpdated: written.updated,
        lastUnchanged: written.unchanged,
        lastSkipped: written.skipped,
        lastMore: more ? 1 : 0,
        skipped: written.listed,
        lastErrorCode: null,
        lastErrorAt: null,
        leaseId: null,
        leaseUntil: null,
      })
      .where(and(connectionOf(companyId, provider), eq(accountingConnections.leaseId, leaseId)));
    return {
      imported: written.imported,
      updated: written.updated,
      unchanged: written.unchanged,
      skipped: written.skipped,
      more,
    };
  } catch (error) {
    const failure = asIntegrationError(error, provider);
    if (failure instanceof AppError && isIntegrationErrorCode(String(failure.code))) {
      await recordFailure(session, String(failure.code));
      throw failure;
    }
    await recordFailure(session, 'integration_unreadable');
    throw error;
  }
}

export async function runImport(
  deps: Deps,
  companyId: string,
  provider: IntegrationProvider,
  userId: string,
  locale: Locale,
): Promise<IntegrationStatus & { result: ImportSummary }> {
  const result = await importInvoices(deps, companyId, provider, userId);
  return { ...(await statusFor(deps, companyId, provider, locale)), result };
}

// ------------------------------------------------------------------------------ disconnect

/** Tells the provider to forget the tokens (when it can be reached), then forgets them here. */
export async function disconnect(
  deps: Deps,
  companyId: string,
  provider: IntegrationProvider,
  userId: string,
  locale: Locale,
): Promise<IntegrationStatus> {
  const [row] = await deps.db
    .select()
    .from(accountingConnections)
    .where(connectionOf(companyId, provider));
  if (row) {
    const settings = deps.config.integrations[provider];
    let refreshToken: string | null = null;
    try {
      refreshToken = open(
        deps.secrets.dataKey,
        row.refreshTokenSealed,
        purpose(companyId, provider, 'refresh'),
      ).toString('utf8');
    } catch {
      refreshToken = null;
    }
    const revoked =
      settings && refreshToken ? await revokeToken(provider, settings, refreshToken) : false;
    await deps.db.transaction(async (tx) => {
      await tx.delete(accountingConnections).where(connectionOf(companyId, provider));
      await tx.insert(auditLog).values({
        companyId,
        userId,
        action: 'integration_disconnected',
        entity: 'accounting_connection',
        entityId: provider,
        data: { tenantId: row.tenantId, revoked },
        createdAt: deps.clock.now(),
      });
    });
  }
  return statusFor(deps, companyId, provider, locale);
}

// ------------------------------------------------------------------------------ background

export const BACKGROUND_EVERY_MS = 15 * 60_000;
const CHECK_EVERY_MS = 60_000;

/**
 * Every minute, imports for connections whose last import is 15 minutes old. Safe with several
 * processes: each import first claims the connection's lease, and a claimed one is skipped.
 * A connection the provider refused waits for someone to connect it again.
 */
export function startIntegrationImports(deps: Deps): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const round = async () => {
    const now = deps.clock.now();
    const due = await deps.db
      .select({
        companyId: accountingConnections.companyId,
        provider: accountingConnections.provider,
        userId: accountingConnections.connectedById,
      })
      .from(accountingConnections)
      .where(
        and(
          or(
            isNull(accountingConnections.lastImportAt),
            lt(accountingConnections.lastImportAt, new Date(now.getTime() - BACKGROUND_EVERY_MS)),
          ),
          or(
            isNull(accountingConnections.lastErrorCode),
            sql`${accountingConnections.lastErrorCode} <> 'integration_refused'`,
          ),
          or(isNull(accountingConnections.leaseUntil), lt(accountingConnections.leaseUntil, now)),
        ),
      )
      .limit(20);
    for (const job of due) {
      if (stopped) return;
      if (!job.userId || !deps.config.integrations[job.provider]) continue;
      await importInvoices(deps, job.companyId, job.provider, job.userId).catch((error: unknown) =>
        deps.log.debug('Accounting import not done', {
          companyId: job.companyId,
          provider: job.provider,
          error: String(error),
        }),
      );
    }
  };
  const timer = setInterval(() => {
    if (stopped) return;
    running = running
      .then(round)
      .catch((error: unknown) =>
        deps.log.error('Accounting imports not run', { error: String(error) }),
      );
  }, CHECK_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
