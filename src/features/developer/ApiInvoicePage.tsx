// /developer/documentation/api/invoice: the invoice calls of the public API, the rules of each
// field (from domain/, as the server checks them) and the errors a caller can meet. Every
// example is run by tests/server/api-docs.test.ts.
import type { ReactNode } from 'react';
import { Paper, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Message } from '../../../domain/i18n';
import { INVOICE_ORIGINS, INVOICE_STATUSES } from '../../../domain/invoice-status';
import { m } from '../../../domain/messages';
import { recordMessages } from '../../../domain/record-messages';
import { PAYMENT_TYPES, paymentsExceedTotal } from '../../../domain/payments';
import { QUANTITY_SCALE } from '../../../domain/quantity';
import { IDENTIFICATION_TYPES } from '../../../domain/schemas/customer';
import {
  INVOICE_MAX_ITEMS,
  INVOICE_MAX_PAYMENTS,
  ITEM_DESCRIPTION_MAX,
  MAX_INVOICE_TOTAL_CENTS,
  invoiceMessages,
} from '../../../domain/schemas/invoice';
import { TAX_RATE_BP, TAX_TYPES } from '../../../domain/tax';
import { AnchorLink } from '../../app/links';
import { DocPage, P, Section } from './DocPage';
import { Code } from './InlineCode';
import { ErrorTable } from './ErrorTable';
import { ExampleBlock } from './ExampleBlock';
import { INVOICE_ERRORS, invoiceExamples } from './examples';

/* eslint-disable lingui/no-unlocalized-strings -- an address and a shape as the API writes them */
const INVOICE_URL = '/v1/accounting/invoices/{id}';
const ERROR_SHAPE = '{code, message, fields?}';
/* eslint-enable lingui/no-unlocalized-strings */

const list = (values: readonly string[]) => values.map((value) => `"${value}"`).join(', ');

function FieldRule({
  name,
  children,
  messages = [],
}: {
  name: string;
  children: ReactNode;
  messages?: Message[];
}) {
  const { i18n } = useLingui();
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={4}>
        <Code fw={600} style={{ alignSelf: 'flex-start', overflowWrap: 'anywhere' }}>
          {name}
        </Code>
        <Text lh={1.6} style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
        {messages.map((message) => {
          const refusal = i18n._(message.id);
          return (
            <Text key={message.id} fz="sm" c="dimmed">
              <Trans>Refused with: {refusal}</Trans>
            </Text>
          );
        })}
      </Stack>
    </Paper>
  );
}

export function ApiInvoicePage() {
  const { t } = useLingui();
  const invoiceUrl = INVOICE_URL;
  const errorShape = ERROR_SHAPE;
  const decimals = Math.log10(QUANTITY_SCALE);
  const maxItems = INVOICE_MAX_ITEMS;
  const maxPayments = INVOICE_MAX_PAYMENTS;
  const maxDescription = ITEM_DESCRIPTION_MAX;
  const maxTotal = (MAX_INVOICE_TOTAL_CENTS / 100).toLocaleString('en-US');
  const taxTypes = TAX_TYPES.map((type) => `"${type}" ${TAX_RATE_BP[type] / 100}%`).join(', ');
  const paymentTypes = list(PAYMENT_TYPES);
  const identificationTypes = list(IDENTIFICATION_TYPES);
  const origins = list(INVOICE_ORIGINS);
  const statuses = list(INVOICE_STATUSES);
  const contents: [string, string][] = [
    ['start', t`Before you start`],
    ['create', t`Creating a draft`],
    ['update', t`Changing a draft`],
    ['read', t`Reading and listing`],
    ['fields', t`The fields`],
    ['submit', t`Submitting to TRA`],
    ['receipt', t`The receipt`],
    ['cancel', t`Canceling`],
    ['email', t`Emailing`],
    ['changes', t`Following changes`],
    ['errors', t`Errors`],
  ];
  return (
    <DocPage
      title={t`API documentation: invoices`}
      lede={
        <Trans>
          How your own systems write invoices, submit them to TRA and follow what happens to them.
          Signing in and the tokens are described on the page{' '}
          <AnchorLink to="/developer/documentation/api/auth">
            API documentation: signing in
          </AnchorLink>
          .
        </Trans>
      }
      contents={contents}
    >
      <Section id="start" title={<Trans>Before you start</Trans>}>
        <P>
          <Trans>
            The invoice calls live under <Code>/v1/accounting/invoices</Code> and need the access
            token in the header <Code>Authorization: Bearer</Code>. They work on the company of the
            signed-in person. An invoice is a draft first, which can still change; submitting it
            numbers it and sends it to TRA, after which it can no longer change. Its{' '}
            <Code>status</Code> is one of {statuses}: submitted means numbered and on its way to
            TRA, issued means TRA accepted it.
          </Trans>
        </P>
        <P>
          <Trans>
            Amounts are whole numbers of cents: Tsh 2,950.00 is <Code>295000</Code>. The server
            computes every total itself; totals you send are ignored.
          </Trans>
        </P>
      </Section>

      <Section id="create" title={<Trans>Creating a draft</Trans>}>
        <P>
          <Trans>
            <Code>POST /v1/accounting/invoices</Code> creates a draft and answers 201 with the whole
            invoice. Choose its <Code>id</Code> yourself, a random UUID (
            <Code>crypto.randomUUID()</Code>), and keep it: if the answer is lost, send the same
            request again and you get the same invoice with 200, never a second one. Send{' '}
            <Code>"origin": "api"</Code> so the invoice shows where it came from.
          </Trans>
        </P>
        <ExampleBlock example={invoiceExamples.create} title={<Trans>Creating a draft</Trans>} />
      </Section>

      <Section id="update" title={<Trans>Changing a draft</Trans>}>
        <P>
          <Trans>
            <Code>PUT {invoiceUrl}</Code> replaces the draft with the whole invoice you send, and
            creates it when it does not exist yet. Each change raises <Code>version</Code>; you may
            send the <Code>version</Code> your change started from. When two writers change one
            draft, the later one wins.
          </Trans>
        </P>
        <ExampleBlock example={invoiceExamples.update} title={<Trans>Adding a reference</Trans>} />
      </Section>

      <Section id="read" title={<Trans>Reading and listing</Trans>}>
        <P>
          <Trans>
            <Code>GET {invoiceUrl}</Code> answers one invoice. An unknown id answers 404{' '}
            <Code>invoice_not_found</Code>.
          </Trans>
        </P>
        <ExampleBlock example={invoiceExamples.read} title={<Trans>Reading an invoice</Trans>} />
        <ExampleBlock
          example={invoiceExamples.notFound}
          title={<Trans>An unknown invoice</Trans>}
        />
        <P>
          <Trans>
            <Code>GET /v1/accounting/invoices</Code> lists the newest first. Filters:{' '}
            <Code>status</Code> (one or more, separated by commas), <Code>from</Code> and{' '}
            <Code>to</Code> (days as YYYY-MM-DD in East Africa Time, both included), <Code>q</Code>{' '}
            (words of the customer, reference or receipt, up to 100 characters) and{' '}
            <Code>limit</Code> (1 to 500, 50 when left out). When <Code>cursor</Code> in the answer
            is not null, send it back as <Code>cursor</Code> for the next page.
          </Trans>
        </P>
        <ExampleBlock example={invoiceExamples.list} title={<Trans>Listing drafts</Trans>} />
      </Section>

      <Section id="fields" title={<Trans>The fields</Trans>}>
        <P>
          <Trans>
            What you send. Every other field of the answer is set by the server. A refused field is
            named in the 422 answer's <Code>fields</Code> with the message shown here.
          </Trans>
        </P>
        <FieldRule name="id">
          <Trans>A UUID chosen by you; in a PUT it is the one in the address.</Trans>
        </FieldRule>
        <FieldRule name="origin">
          <Trans>Where the invoice was written: one of {origins}. Send "api".</Trans>
        </FieldRule>
        <FieldRule name="customerId">
          <Trans>The UUID of a saved customer, or null.</Trans>
        </FieldRule>
        <FieldRule
          name="customer.name"
          messages={[recordMessages.customerNameTooLong, recordMessages.customerNameRequired]}
        >
          <Trans>
            The customer as printed on the receipt. Up to 100 characters; may be left out for a
            walk-in customer without identification.
          </Trans>
        </FieldRule>
        <FieldRule
          name="customer.identificationType"
          messages={[recordMessages.identificationTypeRequired]}
        >
          <Trans>One of {identificationTypes}; "NO_IDENTIFICATION" when left out.</Trans>
        </FieldRule>
        <FieldRule
          name="customer.identificationNumber"
          messages={[recordMessages.tinInvalid, invoiceMessages.customerIdInvalid]}
        >
          <Trans>
            Needed with every type but "NO_IDENTIFICATION"; a TIN has 9 digits (dashes are removed).
          </Trans>
        </FieldRule>
        <FieldRule
          name="customer.phoneNumber, customer.email, customer.vatRegistrationNumber"
          messages={[m.phoneInvalid, m.emailInvalid, recordMessages.vrnInvalid]}
        >
          <Trans>
            Optional. A phone number is kept as its 9 digits without 0 or 255; a VAT number has 8
            digits and a letter.
          </Trans>
        </FieldRule>
        <FieldRule name="amountsIncludeTax" messages={[m.fieldInvalid]}>
          <Trans>
            true when the unit prices include VAT (the default), false when VAT is added.
          </Trans>
        </FieldRule>
        <FieldRule
          name="items"
          messages={[invoiceMessages.itemsRequired, invoiceMessages.tooManyItems]}
        >
          <Trans>The lines: at least 1, at most {maxItems}.</Trans>
        </FieldRule>
        <FieldRule name="items[].id">
          <Trans>A UUID chosen by you for the line; keep it when the line changes.</Trans>
        </FieldRule>
        <FieldRule name="items[].productId" messages={[invoiceMessages.productNotSaved]}>
          <Trans>
            The UUID of a saved product, or null. A product that is not saved yet is refused when
            the invoice is submitted.
          </Trans>
        </FieldRule>
        <FieldRule
          name="items[].description"
          messages={[invoiceMessages.descriptionRequired, invoiceMessages.descriptionTooLong]}
        >
          <Trans>What was sold, 1 to {maxDescription} characters.</Trans>
        </FieldRule>
        <FieldRule name="items[].quantity" messages={[invoiceMessages.quantityInvalid]}>
          <Trans>
            A number above 0 with at most {decimals} decimals: 1.5 for one and a half kilos.
          </Trans>
        </FieldRule>
        <FieldRule
          name="items[].unitPrice"
          messages={[
            invoiceMessages.unitPriceInvalid,
            recordMessages.priceWholeCents,
            recordMessages.priceTooLarge,
          ]}
        >
          <Trans>
            The price of one unit in cents, 0 or more, with or without VAT as amountsIncludeTax
            says.
          </Trans>
        </FieldRule>
        <FieldRule name="items[].taxType" messages={[invoiceMessages.taxTypeRequired]}>
          <Trans>One of {taxTypes}.</Trans>
        </FieldRule>
        <FieldRule name="items[].discountPercent" messages={[invoiceMessages.discountInvalid]}>
          <Trans>
            From 0 (the default) to 100, with at most 2 decimals, of the price without VAT.
          </Trans>
        </FieldRule>
        <FieldRule
          name="payments"
          messages={[invoiceMessages.tooManyPayments, paymentsExceedTotal]}
        >
          <Trans>
            How the customer paid: at most {maxPayments} payments, together not more than the total.
            What is not paid is a sale on credit. May be empty.
          </Trans>
        </FieldRule>
        <FieldRule
          name="payments[].type, payments[].amount"
          messages={[invoiceMessages.paymentTypeRequired, invoiceMessages.paymentAmountInvalid]}
        >
          <Trans>The type is one of {paymentTypes}; the amount is in cents, above 0.</Trans>
        </FieldRule>
        <FieldRule name="reference" messages={[invoiceMessages.referenceTooLong]}>
          <Trans>Your own reference, such as an order number. Optional.</Trans>
        </FieldRule>
        <FieldRule name="accountingNumber" messages={[invoiceMessages.accountingNumberTooLong]}>
          <Trans>The number in your accounting system. Optional.</Trans>
        </FieldRule>
        <FieldRule name="(total)" messages={[invoiceMessages.totalTooLarge]}>
          <Trans>The invoice total may be at most Tsh {maxTotal}.</Trans>
        </FieldRule>
        <ExampleBlock example={invoiceExamples.invalid} title={<Trans>Two refused fields</Trans>} />
      </Section>

      <Section id="submit" title={<Trans>Submitting to TRA</Trans>}>
        <P>
          <Trans>
            <Code>POST {invoiceUrl}/submit</Code> numbers the draft as a fiscal receipt and queues
            it for TRA. It needs the header <Code>Idempotency-Key</Code>: 1 to 255 visible
            characters, new for each invoice you submit. Keep the key with the invoice until you
            have the answer.
          </Trans>
        </P>
        <ExampleBlock example={invoiceExamples.submit} title={<Trans>Submitting</Trans>} />
        <P>
          <Trans>
            When the answer is lost, send the same request with the same key: you get the first
            answer again, marked <Code>Idempotent-Replayed: true</Code>, and never a second receipt.
            Answers are kept for a week; after that, submitting the same invoice again still answers
            its one receipt.
          </Trans>
        </P>
        <ExampleBlock
          example={invoiceExamples.submitAgain}
          title={<Trans>The same request again</Trans>}
        />
        <P>
          <Trans>
            A 409 with the code <Code>idempotency_in_progress</Code> means the first request with
            this key is still being handled: wait the seconds of <Code>Retry-After</Code> and send
            the same request again. The same key with a different request answers 422{' '}
            <Code>idempotency_mismatch</Code>; without the key, submitting answers 422{' '}
            <Code>idempotency_key_invalid</Code>. Other write calls accept the header too.
          </Trans>
        </P>
        <ExampleBlock
          example={invoiceExamples.keyReused}
          title={<Trans>The key of the submission on another request</Trans>}
        />
        <ExampleBlock
          example={invoiceExamples.submitWithoutKey}
          title={<Trans>Submitting without a key</Trans>}
        />
        <P>
          <Trans>A submitted invoice no longer changes: a different PUT answers 409.</Trans>
        </P>
        <ExampleBlock
          example={invoiceExamples.locked}
          title={<Trans>Changing a submitted invoice</Trans>}
        />
      </Section>

      <Section id="receipt" title={<Trans>The receipt</Trans>}>
        <P>
          <Trans>
            The answer to submitting carries <Code>fiscal</Code>: the receipt number (
            <Code>receiptNumber</Code>), the verification code (<Code>verificationCode</Code>), the
            link where anyone can check the receipt at TRA (<Code>verificationUrl</Code>, shown as a
            QR code on the receipt), the receipt date and time in East Africa Time, the daily
            counter and the Z number. From then on the receipt may be handed to the customer.
          </Trans>
        </P>
        <P>
          <Trans>
            <Code>fiscal.traStatus</Code> is "pending" until TRA acknowledges the receipt, then
            "accepted" and the invoice becomes issued. "rejected" means TRA refused it several
            times; <Code>fiscal.traMessage</Code> holds TRA's words. Follow these changes with the
            change feed below.
          </Trans>
        </P>
      </Section>

      <Section id="cancel" title={<Trans>Canceling</Trans>}>
        <P>
          <Trans>
            <Code>POST {invoiceUrl}/cancel</Code> cancels a draft and answers it with the status
            "canceled". A submitted invoice cannot be canceled.
          </Trans>
        </P>
        <ExampleBlock
          example={invoiceExamples.createSecond}
          title={<Trans>A draft without a customer</Trans>}
        />
        <ExampleBlock example={invoiceExamples.cancel} title={<Trans>Canceling it</Trans>} />
        <ExampleBlock
          example={invoiceExamples.cancelSubmitted}
          title={<Trans>Canceling a submitted invoice</Trans>}
        />
      </Section>

      <Section id="email" title={<Trans>Emailing</Trans>}>
        <P>
          <Trans>
            <Code>POST {invoiceUrl}/email</Code> sends the invoice as a PDF to <Code>to</Code>, or
            to the customer's email when the body is empty, and answers 202 with the address. A
            receipt's email also links to its page on this server.
          </Trans>
        </P>
        <ExampleBlock example={invoiceExamples.email} title={<Trans>Emailing a receipt</Trans>} />
      </Section>

      <Section id="changes" title={<Trans>Following changes</Trans>}>
        <P>
          <Trans>
            <Code>GET /v1/accounting/changes?since=</Code> answers the records of your company that
            changed after the position <Code>since</Code> (0 the first time), oldest first, each
            with its <Code>type</Code>, <Code>id</Code> and the whole <Code>record</Code>;{' '}
            <Code>deleted</Code> is true for a deleted one. Keep the answer's <Code>cursor</Code>{' '}
            and send it as <Code>since</Code> next time. <Code>more</Code> true means more changes
            wait: ask again at once. <Code>reset</Code> true means your position was not known: the
            answer starts from the beginning. <Code>limit</Code> is 1 to 1000, 500 when left out.
          </Trans>
        </P>
        <ExampleBlock
          example={invoiceExamples.changes}
          title={<Trans>The first change, one at a time</Trans>}
        />
      </Section>

      <Section id="errors" title={<Trans>Errors</Trans>}>
        <P>
          <Trans>
            Every error is JSON <Code>{errorShape}</Code>; the message is in the language of the
            signed-in person. These are the codes the invoice calls can answer.
          </Trans>
        </P>
        <ErrorTable errors={INVOICE_ERRORS} />
      </Section>
    </DocPage>
  );
}
