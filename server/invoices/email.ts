// Emailing an invoice to its customer with its PDF attached, in the sender's language. The
// mail names the business and the receipt number and links to the public receipt page, so the
// customer can see it become issued. Nothing is written before the SMTP server accepted it.
import * as v from 'valibot';
import { errorMessages } from '../../domain/errors';
import type { Locale, Message } from '../../domain/i18n';
import { m } from '../../domain/messages';
import { formatTsh } from '../../domain/money';
import { LIMITS, takeAttempt } from '../auth/rate-limit';
import { auditLog } from '../db/schema';
import { appError } from '../http/app-error';
import { translate } from '../i18n';
import { renderReceiptPdf } from '../receipts/pdf';
import { receiptBusiness, receiptView } from '../receipts/view';
import { findInvoice, receiptOf } from './records';
import { invoiceNotFound, type InvoiceContext } from './service';

export const invoiceMailText = {
  receiptSubject: /*i18n*/ { id: 'Receipt {number} from {business}' },
  proFormaSubject: /*i18n*/ { id: 'Pro forma invoice from {business}' },
  greeting: /*i18n*/ { id: 'Hello {customer},' },
  greetingNoName: /*i18n*/ { id: 'Hello,' },
  receiptBody: /*i18n*/ {
    id: 'Please find attached receipt number {number} from {business}, for {total}. Its verification code is {code}.',
  },
  proFormaBody: /*i18n*/ {
    id: 'Please find attached a pro forma invoice from {business}, for {total}. It is not a fiscal receipt.',
  },
  onlineLink: /*i18n*/ { id: 'You can also see it online: {link}' },
  thanks: /*i18n*/ { id: 'Thank you for your business.' },
  copySubject: /*i18n*/ { id: 'Copy of receipt {number} from {business}' },
  copyBody: /*i18n*/ {
    id: 'As you asked, please find attached a copy of receipt number {number} from {business}, for {total}. Its verification code is {code}.',
  },
} satisfies Record<string, Message>;

const emailSchema = v.pipe(v.string(), v.trim(), v.email(), v.maxLength(254));

/**
 * The body of a mailing request: an address typed for this mail, checked here so a typing
 * error is named as one, or none to use the customer's email on the invoice.
 */
export const mailRequestSchema = v.object({
  to: v.optional(
    v.pipe(
      v.nullable(v.string(m.emailInvalid.id)),
      v.transform((s) => (s?.trim() ? s.trim() : null)),
      v.nullable(
        v.pipe(v.string(), v.email(m.emailInvalid.id), v.maxLength(254, m.emailInvalid.id)),
      ),
    ),
    null,
  ),
});

export interface EmailOptions {
  locale: Locale;
  /** Where customers reach this server: PUBLIC_URL, or the request's origin. */
  baseUrl: string;
  /** A copy given again later (receipt reissuing): the PDF and the mail say so. */
  copy?: boolean;
}

/**
 * Sends the invoice to `to`, or to the customer email printed on it. A missing or invalid
 * address is the user's to fix (422 invoice_customer_email_missing); a refusal of the SMTP
 * server is answered 502 invoice_email_failed, and the call can simply be repeated.
 */
export async function emailInvoice(
  ctx: InvoiceContext,
  id: string,
  to: string | null,
  options: EmailOptions,
): Promise<{ to: string }> {
  const { deps, companyId, userId } = ctx;
  const joined = await findInvoice(deps.db, companyId, id);
  if (!joined) throw invoiceNotFound();
  const row = joined.invoice;
  if (row.status === 'canceled') throw appError(409, 'invoice_canceled');
  const field = to === null ? 'customer.email' : 'to';
  const address = v.safeParse(emailSchema, to ?? row.customer.email ?? '');
  if (!address.success) {
    throw appError(422, 'invoice_customer_email_missing', {
      fields: { [field]: errorMessages.invoice_customer_email_missing.id },
    });
  }
  const recipient = address.output;
  // Invoices carry the company's name: the server must not become a way to mail anyone. Counted
  // by the address the mail goes to, however it was named (typed, or the customer's own).
  const now = deps.clock.now();
  await takeAttempt(deps.db, `invoice-mail:user:${userId}`, LIMITS.invoiceMailPerUser, now);
  await takeAttempt(
    deps.db,
    `invoice-mail:to:${recipient.toLowerCase()}`,
    LIMITS.invoiceMailPerRecipient,
    now,
  );

  const view = receiptView(row, await receiptBusiness(deps.db, companyId), receiptOf(joined));
  const t = (message: Message, values?: Record<string, unknown>) =>
    translate(options.locale, message, values);
  const pdf = await renderReceiptPdf(view, {
    layout: 'a4',
    locale: options.locale,
    now: deps.clock.now(),
    copy: options.copy === true,
  });
  const copy = options.copy === true && view.fiscal !== null;
  const values = {
    business: view.business.name,
    customer: view.customer.name,
    total: formatTsh(view.totals.totalIncludingTax),
    number: view.fiscal?.receiptNumber,
    code: view.fiscal?.verificationCode,
    link: `${options.baseUrl}/r/${view.publicId}`,
  };
  const paragraphs = [
    view.customer.name ? t(invoiceMailText.greeting, values) : t(invoiceMailText.greetingNoName),
    t(
      copy
        ? invoiceMailText.copyBody
        : view.fiscal
          ? invoiceMailText.receiptBody
          : invoiceMailText.proFormaBody,
      values,
    ),
    ...(view.fiscal ? [t(invoiceMailText.onlineLink, values)] : []),
    t(invoiceMailText.thanks),
    view.business.name,
  ];
  const filename = view.fiscal
    ? `receipt-${view.fiscal.receiptNumber}${copy ? '-copy' : ''}.pdf`
    : `pro-forma-${view.date}.pdf`;
  try {
    await deps.mailer.send({
      to: recipient,
      subject: t(
        copy
          ? invoiceMailText.copySubject
          : view.fiscal
            ? invoiceMailText.receiptSubject
            : invoiceMailText.proFormaSubject,
        values,
      ),
      text: paragraphs.join('\n\n'),
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
    });
  } catch (error) {
    deps.log.error('Emailing an invoice failed', { invoiceId: id, error: String(error) });
    throw appError(502, 'invoice_email_failed');
  }
  await deps.db.insert(auditLog).values({
    companyId,
    userId,
    action: copy ? 'receipt_copy_emailed' : 'invoice_emailed',
    entity: 'invoice',
    entityId: id,
    data: { to: recipient, receiptNumber: view.fiscal?.receiptNumber ?? null },
    createdAt: deps.clock.now(),
  });
  return { to: recipient };
}
