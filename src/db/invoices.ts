// The invoice repository: the only way the app changes an invoice. Every write stores the
// invoice and its outbox entries in one transaction, so what the phone shows is exactly what
// will reach the server, in the order it was done (a save always before the submit that
// follows it). Fiscal numbers are never made here: only the server's answer brings them.
import { eatDate } from '../../domain/dates';
import { errorMessages } from '../../domain/errors';
import { canEditInvoice, hasFiscalReceipt } from '../../domain/invoice-status';
import { formatTsh } from '../../domain/money';
import {
  invoiceFieldsSchema,
  invoiceMessages,
  invoiceTotals,
  type Invoice,
  type InvoiceFields,
  type InvoiceFieldsInput,
} from '../../domain/schemas/invoice';
import { m } from '../../domain/messages';
import * as v from 'valibot';
import {
  db,
  type InvoiceEditorDraft,
  type InvoiceEmailState,
  type LocalInvoice,
  type OutboxEntry,
  type RecordSyncError,
} from './db';
import { addToOutbox, notifyOutboxChange } from './outbox';
import { RecordValidationError, validate } from './validation';

const base = (id: string) => `/v1/accounting/invoices/${id}`;

/** Who works on the invoice: the signed-in user and their company. */
export interface InvoiceContext {
  companyId: string;
  userId: string;
  userName: string;
  /** The company is blocked by TRA: it may not save or submit invoices (spec §4). */
  blockedByTra: boolean;
}

export const DEVICE_ID_KEY = 'deviceId';

/**
 * This device's id, sent as X-Device-Id with every invoice save so the server can tell which
 * device wrote a draft last. Made once and kept with the local data.
 */
export async function deviceId(): Promise<string> {
  knownDeviceId = await db.transaction('rw', db.meta, async () => {
    const stored = (await db.meta.get(DEVICE_ID_KEY))?.value;
    if (typeof stored === 'string') return stored;
    const id = crypto.randomUUID();
    await db.meta.put({ key: DEVICE_ID_KEY, value: id });
    return id;
  });
  return knownDeviceId;
}

/** This device's id once read; a pull compares it with the invoice's last writer. */
let knownDeviceId: string | null = null;

const MAX_SEARCH_WORDS = 60;

/** The index fields of an invoice: what the list orders and searches by. */
export function invoiceIndexFields(
  invoice: Invoice,
): Pick<LocalInvoice, 'nameKey' | 'searchText' | 'searchWords' | 'sortKey' | 'receiptNumber'> {
  const { customer, fiscal } = invoice;
  const parts = [
    customer.name,
    customer.phoneNumber,
    customer.phoneNumber ? `0${customer.phoneNumber}` : null,
    customer.identificationNumber,
    customer.email,
    customer.vatRegistrationNumber,
    invoice.reference,
    invoice.accountingNumber,
    fiscal ? String(fiscal.receiptNumber) : null,
    fiscal?.verificationCode,
    ...invoice.items.map((item) => item.description),
  ];
  const searchText = parts.filter(Boolean).join(' ').toLowerCase();
  const searchWords = [...new Set(searchText.split(/\s+/).filter(Boolean))].slice(
    0,
    MAX_SEARCH_WORDS,
  );
  return {
    nameKey: customer.name.toLowerCase(),
    searchText,
    searchWords,
    sortKey: `${invoice.date} ${invoice.createdAt}`,
    receiptNumber: fiscal?.receiptNumber ?? null,
  };
}

/** What lists of waiting and refused changes call an invoice: its customer and total. */
export function invoiceLabel(invoice: Pick<Invoice, 'customer' | 'totals'>): string {
  return [invoice.customer.name, formatTsh(invoice.totals.totalInvoice)]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The server's invoice as this device stores it. Local notes survive (an email on its way), and
 * a pull that brings another device's newer version of a draft this device wrote is remembered
 * (replacedAt) so the user is told their draft was replaced.
 */
export function syncedInvoice(
  invoice: Invoice,
  companyId: string,
  previous?: LocalInvoice,
  answerTo?: OutboxEntry,
): LocalInvoice {
  // The server names the device whose write is current (lastDeviceId); without it, a newer
  // version this device did not send is another device's.
  const lastDevice = (invoice as { lastDeviceId?: unknown }).lastDeviceId;
  const replaced =
    !answerTo &&
    previous !== undefined &&
    previous.writtenHere === 1 &&
    previous.status === 'draft' &&
    invoice.status === 'draft' &&
    invoice.version > previous.version &&
    !(typeof lastDevice === 'string' && knownDeviceId !== null && lastDevice === knownDeviceId);
  const writtenHere: 0 | 1 = replaced
    ? 0
    : answerTo?.action === 'save'
      ? 1
      : (previous?.writtenHere ?? 0);
  // This device's change was refused because the invoice was no longer a draft on the server:
  // the server's copy replaces it, and the user is told what was not kept.
  const refusal = previous?.syncState === 'failed' ? previous.syncError : null;
  const overtaken =
    refusal && NOT_A_DRAFT_ON_SERVER.has(refusal.code) && invoice.status !== 'draft'
      ? { at: refusal.at, message: refusal.message }
      : (previous?.overtaken ?? null);
  return {
    ...invoice,
    ...invoiceIndexFields(invoice),
    companyId,
    syncState: 'synced',
    syncError: null,
    deleted: 0,
    writtenHere,
    replacedAt: replaced ? Date.now() : (previous?.replacedAt ?? null),
    overtaken,
    email: previous?.email ?? null,
  };
}

/** The answer to an email entry is a receipt of sending, not the invoice. */
export function invoiceAnswered(
  entry: OutboxEntry,
  body: unknown,
  local: LocalInvoice,
): Partial<LocalInvoice> | undefined {
  if (entry.action !== 'email') return undefined;
  const to = (body as { to?: unknown } | null)?.to;
  const email: InvoiceEmailState = {
    status: 'sent',
    to: typeof to === 'string' ? to : (local.email?.to ?? null),
    at: Date.now(),
    error: null,
  };
  return { email };
}

/** Refusals meaning the server holds the invoice as submitted, issued or canceled already. */
export const NOT_A_DRAFT_ON_SERVER = new Set([
  'invoice_locked',
  'invoice_not_draft',
  'invoice_canceled',
]);

/**
 * A refused email leaves the invoice as it is and says why on the email. A refused save, submit
 * or cancel means the server still holds a draft (or none yet): the invoice is a draft again,
 * with the server's message for the user to act on (a product to save, data to complete), and a
 * submit queued behind a refused save is dropped, since it could only be refused in turn. Runs
 * inside the drain's transaction.
 */
export async function invoiceRefused(
  entry: OutboxEntry,
  error: RecordSyncError,
  local: LocalInvoice,
): Promise<Partial<LocalInvoice> | undefined> {
  if (entry.action === 'email') {
    return { email: { status: 'failed', to: local.email?.to ?? null, at: error.at, error } };
  }
  // The server holds the invoice as submitted or issued already (another device submitted it):
  // the record is marked with the message and is fetched again.
  if (NOT_A_DRAFT_ON_SERVER.has(error.code)) return undefined;
  if (entry.action === 'save') {
    await db.outbox
      .where('[entity+recordId]')
      .equals(['invoice', entry.recordId])
      .filter((later) => later.seq! > entry.seq! && later.action === 'submit')
      .delete();
  }
  if (local.status === 'issued') return undefined;
  return {
    status: 'draft',
    submittedAt: null,
    canceledAt: null,
    syncState: 'failed',
    syncError: error,
  };
}

/** The invoice as the editor shows it after a local change, before the server has answered. */
function localDocument(
  context: InvoiceContext,
  id: string,
  fields: InvoiceFields,
  existing: LocalInvoice | undefined,
  now: number,
): Invoice {
  const { lines, ...totals } = invoiceTotals(fields);
  const at = new Date(now).toISOString();
  return {
    ...fields,
    id,
    version: existing?.version ?? 0,
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
    status: 'draft',
    date: existing?.date ?? eatDate(now),
    operatorId: existing?.operatorId ?? context.userId,
    operatorName: existing?.operatorName ?? context.userName,
    totals,
    lineTotals: lines,
    fiscal: null,
    publicId: existing?.publicId ?? '',
    submittedAt: null,
    issuedAt: null,
    canceledAt: null,
  };
}

function toLocalRecord(
  invoice: Invoice,
  context: InvoiceContext,
  existing: LocalInvoice | undefined,
): LocalInvoice {
  return {
    ...invoice,
    ...invoiceIndexFields(invoice),
    companyId: context.companyId,
    syncState: 'pending',
    syncError: null,
    deleted: 0,
    writtenHere: existing?.writtenHere ?? 0,
    replacedAt: null,
    email: existing?.email ?? null,
  };
}

function assertNotBlocked(context: InvoiceContext) {
  if (context.blockedByTra) {
    throw new RecordValidationError({ _: errorMessages.company_blocked.id });
  }
}

/** The local invoice of the company, if it may still be edited. */
async function editableInvoice(
  context: InvoiceContext,
  id: string,
): Promise<LocalInvoice | undefined> {
  const existing = await db.invoices.get(id);
  if (existing && existing.companyId !== context.companyId) {
    throw new RecordValidationError({ _: errorMessages.invoice_not_found.id });
  }
  if (existing && !canEditInvoice(existing.status)) {
    throw new RecordValidationError({ _: errorMessages.invoice_locked.id });
  }
  return existing;
}

/** What an invoice save sends: the fields and the version the edit was based on. */
function saveEntry(
  context: InvoiceContext,
  invoice: Invoice,
  fields: InvoiceFields,
  device: string,
  baseVersion: number,
) {
  return {
    companyId: context.companyId,
    entity: 'invoice' as const,
    recordId: invoice.id,
    action: 'save' as const,
    label: invoiceLabel(invoice),
    method: 'PUT' as const,
    path: base(invoice.id),
    // A draft the server has never seen has no version to name.
    body: {
      type: 'json' as const,
      json: baseVersion > 0 ? { ...fields, version: baseVersion } : fields,
    },
    headers: { 'X-Device-Id': device },
  };
}

export interface SaveOptions {
  /** The version the user's edit started from (the editor's), else the local one. */
  baseVersion?: number | null;
}

/**
 * Saves a draft (new or edited) on this device and queues it for the server. Throws
 * RecordValidationError naming the wrong fields; nothing is written then.
 */
export async function saveInvoiceDraft(
  context: InvoiceContext,
  input: InvoiceFieldsInput & { id: string },
  options: SaveOptions = {},
): Promise<LocalInvoice> {
  assertNotBlocked(context);
  const fields = validate(invoiceFieldsSchema, input);
  const device = await deviceId();
  const now = Date.now();
  const record = await db.transaction(
    'rw',
    [db.invoices, db.invoiceDrafts, db.outbox],
    async () => {
      const existing = await editableInvoice(context, input.id);
      const invoice = localDocument(context, input.id, fields, existing, now);
      const saved = toLocalRecord(invoice, context, existing);
      await db.invoices.put(saved);
      await addToOutbox(
        saveEntry(context, invoice, fields, device, options.baseVersion ?? existing?.version ?? 0),
        now,
      );
      await db.invoiceDrafts.delete(input.id);
      return saved;
    },
  );
  notifyOutboxChange();
  return record;
}

/**
 * Lines whose product the server cannot know: deleted on this device, of another company, or
 * refused by the server. A product still waiting in the outbox is fine: it is sent first.
 */
async function unsavedProducts(
  companyId: string,
  fields: InvoiceFields,
): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  for (const [index, item] of fields.items.entries()) {
    if (!item.productId) continue;
    const product = await db.products.get(item.productId);
    if (
      !product ||
      product.companyId !== companyId ||
      product.deleted ||
      product.syncState === 'failed'
    ) {
      problems[`items.${index}.productId`] = invoiceMessages.productNotSaved.id;
    }
  }
  return problems;
}

/**
 * Saves the invoice as typed and submits it for fiscalization, in one transaction: the save
 * entry, then the submit entry with its own Idempotency-Key. The invoice shows as submitted at
 * once and "waiting for connection" until the server numbers it; it can no longer be edited.
 */
export async function submitInvoice(
  context: InvoiceContext,
  input: InvoiceFieldsInput & { id: string },
  options: SaveOptions = {},
): Promise<LocalInvoice> {
  assertNotBlocked(context);
  const fields = validate(invoiceFieldsSchema, input);
  const device = await deviceId();
  const now = Date.now();
  const record = await db.transaction(
    'rw',
    [db.invoices, db.invoiceDrafts, db.outbox, db.products],
    async () => {
      const problems = await unsavedProducts(context.companyId, fields);
      if (Object.keys(problems).length) throw new RecordValidationError(problems);
      const existing = await editableInvoice(context, input.id);
      const draft = localDocument(context, input.id, fields, existing, now);
      const submitted: Invoice = {
        ...draft,
        status: 'submitted',
        date: eatDate(now),
        submittedAt: new Date(now).toISOString(),
      };
      const saved = toLocalRecord(submitted, context, existing);
      await db.invoices.put(saved);
      await addToOutbox(
        saveEntry(context, draft, fields, device, options.baseVersion ?? existing?.version ?? 0),
        now,
      );
      await addToOutbox(
        {
          companyId: context.companyId,
          entity: 'invoice',
          recordId: input.id,
          action: 'submit',
          label: invoiceLabel(submitted),
          method: 'POST',
          path: `${base(input.id)}/submit`,
          body: null,
        },
        now,
      );
      await db.invoiceDrafts.delete(input.id);
      return saved;
    },
  );
  notifyOutboxChange();
  return record;
}

/** Cancels a draft. It never took a fiscal number, and never will. */
export async function cancelInvoice(context: InvoiceContext, id: string): Promise<LocalInvoice> {
  const now = Date.now();
  const record = await db.transaction(
    'rw',
    [db.invoices, db.invoiceDrafts, db.outbox],
    async () => {
      const existing = await db.invoices.get(id);
      if (!existing || existing.companyId !== context.companyId) {
        throw new RecordValidationError({ _: errorMessages.invoice_not_found.id });
      }
      if (existing.status !== 'draft') {
        throw new RecordValidationError({ _: errorMessages.invoice_not_draft.id });
      }
      const canceled: LocalInvoice = {
        ...existing,
        status: 'canceled',
        canceledAt: new Date(now).toISOString(),
        syncState: 'pending',
        syncError: null,
      };
      await db.invoices.put(canceled);
      await addToOutbox(
        {
          companyId: context.companyId,
          entity: 'invoice',
          recordId: id,
          action: 'cancel',
          label: invoiceLabel(existing),
          method: 'POST',
          path: `${base(id)}/cancel`,
          body: null,
        },
        now,
      );
      await db.invoiceDrafts.delete(id);
      return canceled;
    },
  );
  notifyOutboxChange();
  return record;
}

const emailSchema = v.pipe(v.string(), v.trim(), v.email(), v.maxLength(100));

/**
 * Queues the invoice to be emailed with its PDF, to `to` or else the customer's email. Refused
 * at once, with the spec's message, when there is no valid address; otherwise sent when the
 * server is reachable.
 */
export async function emailInvoice(
  companyId: string,
  id: string,
  to?: string | null,
): Promise<void> {
  const now = Date.now();
  await db.transaction('rw', [db.invoices, db.outbox], async () => {
    const invoice = await db.invoices.get(id);
    if (!invoice || invoice.companyId !== companyId) {
      throw new RecordValidationError({ _: errorMessages.invoice_not_found.id });
    }
    if (!hasFiscalReceipt(invoice.status)) {
      throw new RecordValidationError({ _: m.fieldInvalid.id });
    }
    const typed = to?.trim() || null;
    const address = typed ?? invoice.customer.email;
    if (!address || !v.is(emailSchema, address)) {
      // A typed address is the typist's to correct, as the server names it.
      throw new RecordValidationError({
        email: typed ? m.emailInvalid.id : errorMessages.invoice_customer_email_missing.id,
      });
    }
    await addToOutbox(
      {
        companyId,
        entity: 'invoice',
        recordId: id,
        action: 'email',
        label: invoiceLabel(invoice),
        method: 'POST',
        path: `${base(id)}/email`,
        body: { type: 'json', json: typed ? { to: typed } : {} },
      },
      now,
    );
    await db.invoices.update(id, {
      email: { status: 'queued', to: address, at: now, error: null },
    });
  });
  notifyOutboxChange();
}

/** The user has seen that another device replaced this draft. Local only. */
export async function acknowledgeReplacedDraft(id: string): Promise<void> {
  await db.invoices.update(id, { replacedAt: null });
}

/** The user has seen that a change of theirs came after another device's submit. Local only. */
export async function acknowledgeOvertaken(id: string): Promise<void> {
  await db.invoices.update(id, { overtaken: null });
}

/**
 * Stores the server's copy of an invoice fetched on purpose (after the server said it is no
 * longer a draft), unless changes of this device still wait to be sent.
 */
export async function storeServerInvoice(companyId: string, invoice: Invoice): Promise<void> {
  await db.transaction('rw', [db.invoices, db.outbox], async () => {
    const waiting = await db.outbox
      .where('[entity+recordId]')
      .equals(['invoice', invoice.id])
      .filter((entry) => entry.action !== 'email')
      .count();
    if (waiting) return;
    const local = await db.invoices.get(invoice.id);
    if (local && (local.companyId !== companyId || local.version > invoice.version)) return;
    await db.invoices.put(syncedInvoice(invoice, companyId, local));
  });
}

// ---- Reading -------------------------------------------------------------------------------

export interface InvoiceFilter {
  status?: LocalInvoice['status'] | undefined;
  /** First and last EAT day, inclusive (YYYY-MM-DD). */
  firstDay?: string | undefined;
  lastDay?: string | undefined;
  search?: string | undefined;
}

/** The words of a search, as the index holds them. */
export function searchWordsOf(search: string | undefined): string[] {
  return (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** Every word of the search starts a word of the invoice (a name, a number, an item …). */
export function matchesSearch(invoice: Pick<LocalInvoice, 'searchWords'>, words: string[]) {
  return words.every((word) => invoice.searchWords.some((candidate) => candidate.startsWith(word)));
}

/**
 * The ids of the company's invoices matching the filter, newest first. Only index keys are read
 * (never the invoices themselves), so 10,000 invoices are filtered and searched in a few
 * milliseconds; the list then loads the few rows on screen.
 */
export async function findInvoiceIds(
  companyId: string,
  filter: InvoiceFilter = {},
): Promise<string[]> {
  const ids = await listedInvoiceIds(companyId, filter);
  const words = searchWordsOf(filter.search);
  if (!words.length) return ids;
  const matching = await invoiceIdsWithWords(words);
  return matching.size ? keepMatching(ids, matching) : [];
}

/** The index range of the company's invoices in the status and days of the filter. */
function listedRange(companyId: string, filter: Omit<InvoiceFilter, 'search'>) {
  const low = filter.firstDay ?? '';
  const high = `${filter.lastDay ?? '9999-12-31'}\uffff`;
  return filter.status
    ? db.invoices
        .where('[companyId+status+sortKey]')
        .between([companyId, filter.status, low], [companyId, filter.status, high])
    : db.invoices.where('[companyId+sortKey]').between([companyId, low], [companyId, high]);
}

/** The company's invoice ids in the status and days of the filter (its search aside), newest first. */
export async function listedInvoiceIds(
  companyId: string,
  filter: Omit<InvoiceFilter, 'search'> = {},
): Promise<string[]> {
  const ids = await listedRange(companyId, filter).primaryKeys();
  return ids.reverse();
}

/** How many invoices listedInvoiceIds has; in a live query, watches the list's range. */
export function countListedInvoices(
  companyId: string,
  filter: Omit<InvoiceFilter, 'search'> = {},
): Promise<number> {
  return listedRange(companyId, filter).count();
}

/**
 * The first `limit` invoices of listedInvoiceIds' order, their ids and how many the list has,
 * without reading the other thousands (IndexedDB counts a range without reading it): what a
 * screen shows first, in one transaction (the ids first and their invoices after were two,
 * the second queued behind the whole list's read).
 */
export async function firstInvoices(
  companyId: string,
  filter: Omit<InvoiceFilter, 'search'>,
  limit: number,
): Promise<{ ids: string[]; invoices: LocalInvoice[]; total: number }> {
  return db.transaction('r', db.invoices, async () => {
    const [invoices, total] = await Promise.all([
      listedRange(companyId, filter).reverse().limit(limit).toArray(),
      listedRange(companyId, filter).count(),
    ]);
    return { ids: invoices.map((invoice) => invoice.id), invoices, total };
  });
}

/**
 * The ids of the invoices (of any company on this device) where every word starts a word of the
 * invoice: one index range per word, intersected. Its cost follows the matches, not the list.
 */
export async function invoiceIdsWithWords(words: readonly string[]): Promise<Set<string>> {
  const [first, ...rest] = words;
  if (first === undefined) return new Set();
  let matching = new Set(await idsWithWordStarting(first));
  for (const word of rest) {
    if (matching.size === 0) break;
    const keys = await idsWithWordStarting(word);
    const before = matching;
    matching = new Set(keys.filter((id) => before.has(id)));
  }
  return matching;
}

function idsWithWordStarting(word: string): Promise<string[]> {
  return db.invoices.where('searchWords').startsWith(word).primaryKeys();
}

/** The ids of the list that are in the matching set, in the list's order. */
export function keepMatching(ids: readonly string[], matching: ReadonlySet<string>): string[] {
  return ids.filter((id) => matching.has(id));
}

/** The invoices of these ids that this device has, in the same order. */
export async function invoicesByIds(companyId: string, ids: string[]): Promise<LocalInvoice[]> {
  const found = await db.invoices.bulkGet(ids);
  return found.filter(
    (invoice): invoice is LocalInvoice => invoice !== undefined && invoice.companyId === companyId,
  );
}

/** The company's invoices matching the filter, newest first. */
export async function findInvoices(
  companyId: string,
  filter: InvoiceFilter = {},
): Promise<LocalInvoice[]> {
  return invoicesByIds(companyId, await findInvoiceIds(companyId, filter));
}

export async function getInvoice(companyId: string, id: string): Promise<LocalInvoice | null> {
  const invoice = await db.invoices.get(id);
  return invoice && invoice.companyId === companyId ? invoice : null;
}

/** Invoices submitted and not yet issued: waiting for the server or for TRA. Newest first. */
export async function submittedInvoices(companyId: string): Promise<LocalInvoice[]> {
  const rows = await db.invoices
    .where('[companyId+status+sortKey]')
    .between([companyId, 'submitted', ''], [companyId, 'submitted', '\uffff'])
    .toArray();
  return rows.reverse();
}

/** The outbox entries still waiting for this invoice, oldest first. */
export async function pendingInvoiceEntries(id: string): Promise<OutboxEntry[]> {
  return db.outbox.where('[entity+recordId]').equals(['invoice', id]).sortBy('seq');
}

// ---- What the editor holds while someone types ------------------------------------------------

/** Keeps what is typed, on every change: a reload or a crashed tab loses nothing. */
export async function keepEditorDraft(draft: Omit<InvoiceEditorDraft, 'updatedAt'>) {
  await db.invoiceDrafts.put({ ...draft, updatedAt: Date.now() });
}

export async function getEditorDraft(
  companyId: string,
  id: string,
): Promise<InvoiceEditorDraft | null> {
  const draft = await db.invoiceDrafts.get(id);
  return draft && draft.companyId === companyId ? draft : null;
}

export async function discardEditorDraft(id: string): Promise<void> {
  await db.invoiceDrafts.delete(id);
}

/** Invoices started on this device and never saved, newest first. */
export async function unsavedNewInvoices(companyId: string): Promise<InvoiceEditorDraft[]> {
  const drafts = await db.invoiceDrafts
    .where('[companyId+updatedAt]')
    .between([companyId, 0], [companyId, Number.MAX_SAFE_INTEGER])
    .toArray();
  const unsaved: InvoiceEditorDraft[] = [];
  for (const draft of drafts) {
    if (draft.baseVersion === null && !(await db.invoices.get(draft.id))) unsaved.push(draft);
  }
  return unsaved.reverse();
}
