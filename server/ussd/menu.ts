// The USSD menus. A gateway sends the whole session on every request ("1234*1*15000*1"), so the
// screen is worked out again from the first input each time: a wrong entry shows the same
// screen again with what was wrong and is otherwise skipped. The final "confirm" names the sale
// by the session's id, so a repeated request answers the same receipt and never makes another.
import * as v from 'valibot';
import { formatTsh, type Cents } from '../../domain/money';
import type { Locale, Message } from '../../domain/i18n';
import { m } from '../../domain/messages';
import { mobile9 } from '../../domain/phone';
import { paymentTypeLabels, type PaymentType } from '../../domain/payments';
import { invoiceFieldsSchema } from '../../domain/schemas/invoice';
import { taxTypeLabels, type TaxType } from '../../domain/tax';
import { invoiceTotals } from '../../domain/schemas/invoice';
import {
  parseUssdAmount,
  USSD_PAYMENT_CHOICES,
  USSD_SCREEN_MAX,
  USSD_TAX_CHOICES,
  type UssdReply,
} from '../../domain/ussd';
import type { Deps } from '../context';
import { AppError } from '../http/app-error';
import { translate } from '../i18n';
import { createInvoice } from '../invoices/service';
import { submitInvoice } from '../invoices/submit';
import {
  canTry,
  identify,
  lastReceipt,
  sessionUuid,
  todaysSales,
  type UssdCaller,
  type UssdUser,
} from './service';

const t = {
  welcome: /*i18n*/ { id: 'Welcome to Risiti. Enter your USSD PIN:' },
  notRecognised: /*i18n*/ { id: 'Wrong PIN, or this phone is not registered for Risiti USSD.' },
  limited: /*i18n*/ { id: 'Too many wrong PINs. Try again in {minutes} min.' },
  noPin: /*i18n*/ { id: 'Set your USSD PIN first on the USSD PIN page of the app.' },
  wrongPin: /*i18n*/ { id: 'Wrong PIN. Dial again and enter your USSD PIN.' },
  main: /*i18n*/ { id: "Risiti\n1 New sale\n2 Today's sales\n3 Last receipt\n0 Exit" },
  invalidChoice: /*i18n*/ { id: 'Invalid choice.' },
  amount: /*i18n*/ { id: 'Sale amount in TZS, VAT included:' },
  taxType: /*i18n*/ { id: 'Tax type:' },
  payment: /*i18n*/ { id: 'Payment:' },
  mobileMoney: /*i18n*/ { id: 'Mobile money' },
  customerPhone: /*i18n*/ { id: 'Customer phone number (optional)\n0 Skip' },
  confirm: /*i18n*/ {
    id: 'Total {total}\nVAT {vat}\n{tax}, {payment}{customer}\n1 Confirm\n2 Cancel',
  },
  confirmCustomer: /*i18n*/ { id: '\nCustomer 0{phone}' },
  saleDescription: /*i18n*/ { id: 'Sale' },
  done: /*i18n*/ { id: 'Receipt {number} issued.\nTotal {total}\nVerification code {code}' },
  canceled: /*i18n*/ { id: 'Sale canceled. Nothing was recorded.' },
  today: /*i18n*/ { id: 'Today {date}\nReceipts: {count}\nTotal {total}' },
  last: /*i18n*/ { id: 'Last receipt {number}\n{date}\nTotal {total}\nVerification code {code}' },
  noReceipt: /*i18n*/ { id: 'You have no receipts yet.' },
  bye: /*i18n*/ { id: 'Thank you for using Risiti.' },
  notRecorded: /*i18n*/ { id: 'The sale was not recorded: {reason}' },
} satisfies Record<string, Message>;

export const ussdTexts = t;

type Step = 'main' | 'amount' | 'tax' | 'payment' | 'customer' | 'confirm';

interface Sale {
  amount?: Cents;
  taxType?: TaxType;
  payment?: PaymentType;
  customerPhone?: string | null;
}

const con = (text: string): UssdReply => ({ end: false, text: fit(text) });
const end = (text: string): UssdReply => ({ end: true, text: fit(text) });

/** A screen never exceeds what gateways deliver; the menus are written to fit well inside it. */
function fit(text: string): string {
  const room = USSD_SCREEN_MAX - 4;
  return text.length <= room ? text : `${text.slice(0, room - 1)}…`;
}

/** The first screens are read before anyone is identified: in both of the product's languages. */
function bilingual(message: Message, values?: Record<string, unknown>): string {
  return `${translate('sw', message, values)}\n${translate('en', message, values)}`;
}

function choice(input: string, count: number): number | null {
  if (!/^\d{1,2}$/.test(input)) return null;
  const n = Number(input);
  return n >= 1 && n <= count ? n - 1 : null;
}

function paymentLabel(locale: Locale, type: PaymentType): string {
  return translate(locale, type === 'e-money' ? t.mobileMoney : paymentTypeLabels[type]);
}

export interface UssdRequest {
  sessionId: string;
  caller: UssdCaller;
  /** The session's inputs so far, joined with "*" (empty on the first request). */
  text: string;
  /** The language of a signed-in user trying the menus; a phone's caller gets both at first. */
  locale?: Locale;
}

/** Answers one request of a USSD session with the next screen. */
export async function answerUssd(deps: Deps, request: UssdRequest): Promise<UssdReply> {
  const inputs = request.text === '' ? [] : request.text.split('*').map((s) => s.trim());
  const [pin, ...rest] = inputs;
  const intro = (message: Message, values?: Record<string, unknown>) =>
    request.locale ? translate(request.locale, message, values) : bilingual(message, values);
  if (pin === undefined) return con(intro(t.welcome));

  const who = await identify(deps, request.caller, pin);
  if (!who.ok) {
    if (who.reason === 'limited') return end(intro(t.limited, { minutes: who.minutes }));
    // A phone's caller is not told whether its number is known. Signed in, the person tries
    // their own account: told whether the PIN is wrong or not set yet.
    if (request.caller.kind === 'phone') return end(intro(t.notRecognised));
    return end(intro((await canTry(deps, request.caller.userId)) ? t.wrongPin : t.noPin));
  }
  const user = who.user;
  const locale = user.language;
  const say = (message: Message, values?: Record<string, unknown>) =>
    translate(locale, message, values);

  let step: Step = 'main';
  let notice: string | null = null;
  const sale: Sale = {};
  for (const input of rest) {
    notice = null;
    switch (step) {
      case 'main':
        if (input === '1') step = 'amount';
        else if (input === '2') return end(await today(deps, user, say));
        else if (input === '3') return end(await last(deps, user, say));
        else if (input === '0') return end(say(t.bye));
        else notice = say(t.invalidChoice);
        break;
      case 'amount': {
        const parsed = parseUssdAmount(input);
        if ('amount' in parsed) {
          sale.amount = parsed.amount;
          step = 'tax';
        } else notice = say(parsed.problem);
        break;
      }
      case 'tax': {
        const index = choice(input, USSD_TAX_CHOICES.length);
        if (index === null) notice = say(t.invalidChoice);
        else {
          sale.taxType = USSD_TAX_CHOICES[index]!;
          step = 'payment';
        }
        break;
      }
      case 'payment': {
        const index = choice(input, USSD_PAYMENT_CHOICES.length);
        if (index === null) notice = say(t.invalidChoice);
        else {
          sale.payment = USSD_PAYMENT_CHOICES[index]!;
          step = 'customer';
        }
        break;
      }
      case 'customer':
        if (input === '0' || input === '') {
          sale.customerPhone = null;
          step = 'confirm';
        } else {
          const phone = mobile9(input);
          if (phone) {
            sale.customerPhone = phone;
            step = 'confirm';
          } else notice = say(m.phoneInvalid);
        }
        break;
      case 'confirm':
        if (input === '1') return end(await recordSale(deps, user, request.sessionId, sale, say));
        if (input === '2') return end(say(t.canceled));
        notice = say(t.invalidChoice);
        break;
    }
  }
  const screen = render(step, sale, locale, say);
  return con(notice ? `${notice}\n${screen}` : screen);
}

type Say = (message: Message, values?: Record<string, unknown>) => string;

function saleFields(sale: Sale, description: string, itemId: string) {
  return v.safeParse(invoiceFieldsSchema, {
    customer: {
      name: '',
      identificationType: 'NO_IDENTIFICATION',
      phoneNumber: sale.customerPhone ?? null,
    },
    amountsIncludeTax: true,
    items: [
      {
        id: itemId,
        description,
        quantity: 1,
        unitPrice: sale.amount,
        taxType: sale.taxType,
        discountPercent: 0,
      },
    ],
    payments: [{ type: sale.payment, amount: sale.amount }],
    origin: 'ussd',
  });
}

function render(step: Step, sale: Sale, locale: Locale, say: Say): string {
  switch (step) {
    case 'main':
      return say(t.main);
    case 'amount':
      return say(t.amount);
    case 'tax':
      return [
        say(t.taxType),
        ...USSD_TAX_CHOICES.map((type, i) => `${i + 1} ${say(taxTypeLabels[type])}`),
      ].join('\n');
    case 'payment':
      return [
        say(t.payment),
        ...USSD_PAYMENT_CHOICES.map((type, i) => `${i + 1} ${paymentLabel(locale, type)}`),
      ].join('\n');
    case 'customer':
      return say(t.customerPhone);
    case 'confirm': {
      const totals = invoiceTotals({
        amountsIncludeTax: true,
        items: [
          {
            id: '',
            productId: null,
            description: '',
            quantity: 1,
            unitPrice: sale.amount!,
            taxType: sale.taxType!,
            discountPercent: 0,
          },
        ],
      });
      return say(t.confirm, {
        total: formatTsh(totals.totalIncludingTax),
        vat: formatTsh(totals.taxAmount),
        tax: say(taxTypeLabels[sale.taxType!]),
        payment: paymentLabel(locale, sale.payment!),
        customer: sale.customerPhone ? say(t.confirmCustomer, { phone: sale.customerPhone }) : '',
      });
    }
  }
}

/**
 * Creates the sale as a USSD invoice and submits it through the same services as the app: it
 * is numbered, signed and queued for TRA. The ids come from the session, so the gateway's
 * repeat of this request finds the same invoice already submitted and answers its receipt.
 */
async function recordSale(
  deps: Deps,
  user: UssdUser,
  sessionId: string,
  sale: Sale,
  say: Say,
): Promise<string> {
  const id = sessionUuid(user, sessionId, 'invoice');
  const parsed = saleFields(sale, say(t.saleDescription), sessionUuid(user, sessionId, 'item'));
  if (!parsed.success) {
    return say(t.notRecorded, { reason: say({ id: parsed.issues[0].message }) });
  }
  const ctx = { deps, userId: user.id, companyId: user.companyId, deviceId: 'ussd' };
  try {
    await createInvoice(ctx, id, parsed.output);
    const invoice = await submitInvoice(ctx, id);
    return say(t.done, {
      number: invoice.fiscal!.receiptNumber,
      total: formatTsh(invoice.totals.totalIncludingTax),
      code: invoice.fiscal!.verificationCode,
    });
  } catch (error) {
    if (error instanceof AppError) {
      return say(t.notRecorded, { reason: say(error.text, error.options.values) });
    }
    throw error;
  }
}

async function today(deps: Deps, user: UssdUser, say: Say): Promise<string> {
  const sales = await todaysSales(deps, user);
  return say(t.today, { date: sales.date, count: sales.count, total: formatTsh(sales.total) });
}

async function last(deps: Deps, user: UssdUser, say: Say): Promise<string> {
  const receipt = await lastReceipt(deps, user);
  if (!receipt) return say(t.noReceipt);
  return say(t.last, {
    number: receipt.receiptNumber,
    date: receipt.date,
    total: formatTsh(receipt.total),
    code: receipt.verificationCode,
  });
}
