// The public verification page of a receipt: what a customer sees after scanning the QR code.
import type { Locale } from '../../domain/i18n';
import { toDecimalString, type Cents } from '../../domain/money';
import { translate } from '../i18n';
import { escapeXml as escapeHtml } from '../vfd/xml';
import { simText } from './messages';
import type { ParsedReceipt } from './checks';

export interface VerifiedReceipt {
  receipt: ParsedReceipt;
  seller: {
    name: string;
    tin: string;
    vrn: string | null;
    serial: string;
    uin: string;
    taxOffice: string;
  };
  ackCode: number;
  ackMessage: string;
}

const GROUPS: Record<number, string> = { 1: 'A', 2: 'B', 3: 'C', 4: 'D', 5: 'E' };

export function verificationJson(found: VerifiedReceipt) {
  const { receipt: r, seller } = found;
  const money = (value: number) => toDecimalString(value as Cents);
  return {
    rctvnum: r.rctvnum,
    status: found.ackCode === 0 ? 'accepted' : 'refused',
    ackCode: found.ackCode,
    ackMessage: found.ackMessage,
    seller,
    receiptNumber: r.gc,
    znum: r.znum,
    date: r.date,
    time: r.time,
    customer: { name: r.custName, idType: r.custIdType, id: r.custId, mobile: r.mobileNum },
    items: r.items.map((item) => ({
      description: item.desc,
      quantity: item.qty,
      taxGroup: GROUPS[item.taxCode] ?? String(item.taxCode),
      amount: money(item.amount),
    })),
    totalExcludingTax: money(r.totalExcl),
    totalTax: money(r.totalIncl - r.totalExcl),
    totalIncludingTax: money(r.totalIncl),
    discount: money(r.discount),
  };
}

export function verificationPage(locale: Locale, found: VerifiedReceipt | null): string {
  const t = (message: { id: string }, values?: Record<string, unknown>) =>
    escapeHtml(translate(locale, message, values));
  const head = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t(simText.title)}</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:1rem auto;padding:0 1rem;color:#1a1b1e}table{width:100%;border-collapse:collapse}td,th{padding:.25rem;border-bottom:1px solid #ddd;text-align:left}td.n,th.n{text-align:right}.ok{color:#2b8a3e}.bad{color:#c92a2a}.note{color:#666;font-size:.85rem}</style></head><body><h1>${t(simText.title)}</h1><p class="note">${t(simText.simulatorNotice)}</p>`;
  if (!found) return `${head}<p class="bad">${t(simText.notFound)}</p></body></html>`;
  const j = verificationJson(found);
  const row = (label: string, value: string) =>
    `<tr><th>${label}</th><td>${escapeHtml(value)}</td></tr>`;
  const status =
    j.status === 'accepted'
      ? `<p class="ok">${t(simText.accepted)}</p>`
      : `<p class="bad">${t(simText.refused, { message: j.ackMessage })}</p>`;
  const items = j.items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.description)}</td><td class="n">${escapeHtml(item.quantity)}</td><td>${item.taxGroup}</td><td class="n">${item.amount}</td></tr>`,
    )
    .join('');
  return (
    head +
    status +
    `<h2>${t(simText.seller)}</h2><table>` +
    row(t(simText.seller), j.seller.name) +
    row(t(simText.tin), j.seller.tin) +
    row(t(simText.vrn), j.seller.vrn ?? translate(locale, simText.notRegistered)) +
    row(t(simText.serial), j.seller.serial) +
    row(t(simText.uin), j.seller.uin) +
    row(t(simText.taxOffice), j.seller.taxOffice) +
    `</table><h2>${t(simText.customer)}</h2><table>` +
    row(t(simText.customer), j.customer.name) +
    row(t(simText.customerId), j.customer.id) +
    row(t(simText.mobile), j.customer.mobile) +
    `</table><table>` +
    row(t(simText.receiptNumber), String(j.receiptNumber)) +
    row(t(simText.zNumber), j.znum) +
    row(t(simText.date), j.date) +
    row(t(simText.time), j.time) +
    `</table><table><thead><tr><th>${t(simText.description)}</th><th class="n">${t(simText.quantity)}</th><th>${t(simText.taxGroup)}</th><th class="n">${t(simText.amount)}</th></tr></thead><tbody>${items}</tbody></table><table>` +
    row(t(simText.totalExcl), j.totalExcludingTax) +
    row(t(simText.totalTax), j.totalTax) +
    row(t(simText.totalIncl), j.totalIncludingTax) +
    row(t(simText.discount), j.discount) +
    row(t(simText.verificationCode), j.rctvnum) +
    '</table></body></html>'
  );
}
