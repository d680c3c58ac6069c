// A Z report as a PDF, read from the very XML the VFD signed and sent to TRA (not recomputed),
// so the printed page shows exactly what TRA received, with TRA's answer. Several reports (a
// period's) print one per page.
import { XMLParser } from 'fast-xml-parser';
import type { Locale, Message } from '../../domain/i18n';
import { formatDayMonthYear, eatTime } from '../../domain/dates';
import { translate } from '../i18n';
import { reportLabels as L } from './labels';
import {
  collectPdf,
  heading,
  newReportDocument,
  pageNumbers,
  paragraph,
  table,
} from './pdf-tables';

/** The XML's YYYY-MM-DD as the rest of the report writes days, DD-MM-YYYY. */
const dayFirst = (date: string) => date.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3-$2-$1');

export interface ZReportDocument {
  /** The signed XML exactly as sent. */
  xml: string;
  status: 'pending' | 'accepted' | 'rejected';
  acknowledgedAt: Date | null;
  traMessage: string | null;
}

const parser = new XMLParser({
  parseTagValue: false,
  trimValues: false,
  isArray: (name) =>
    ['LINE', 'VATRATE', 'NETTAMOUNT', 'TAXAMOUNT', 'PMTTYPE', 'PMTAMOUNT'].includes(name),
});

type Z = Record<string, unknown> & {
  HEADER?: { LINE?: string[] };
  TOTALS?: Record<string, string>;
  VATTOTALS?: { VATRATE?: string[]; NETTAMOUNT?: string[]; TAXAMOUNT?: string[] };
  PAYMENTS?: { PMTTYPE?: string[]; PMTAMOUNT?: string[] };
};

export function parseZReport(xml: string): Z {
  const parsed = parser.parse(xml) as { EFDMS?: { ZREPORT?: Z } };
  const z = parsed.EFDMS?.ZREPORT;
  if (!z) throw new Error('Not a Z report document');
  return z;
}

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** "1234.50" as TRA's XML writes it, shown with grouping: "1,234.50". */
function amount(value: unknown): string {
  const text = str(value);
  const [whole = '0', fraction] = text.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction !== undefined ? `.${fraction}` : ''}`;
}

export async function zReportsPdf(
  reports: ZReportDocument[],
  options: { company: string; locale: Locale; now: Date },
): Promise<Buffer> {
  const t = (message: Message, values?: Record<string, unknown>) =>
    translate(options.locale, message, values);
  const doc = newReportDocument(t(L.zReportsOf, { company: options.company }), options.now);
  const done = collectPdf(doc);
  if (reports.length === 0) {
    heading(doc, t(L.zReportsOf, { company: options.company }), 14);
    paragraph(doc, t(L.noZReports));
  }
  reports.forEach((report, index) => {
    if (index > 0) doc.addPage();
    const z = parseZReport(report.xml);
    const totals = z.TOTALS ?? {};
    heading(doc, `${t(L.zReport)} ${str(z.ZNUMBER)}`, 15);
    for (const line of z.HEADER?.LINE ?? []) paragraph(doc, str(line), 10);
    paragraph(doc, t(L.asSentToTra));
    paragraph(
      doc,
      report.status === 'accepted'
        ? t(L.traAccepted, {
            date: report.acknowledgedAt
              ? `${formatDayMonthYear(report.acknowledgedAt)} ${eatTime(report.acknowledgedAt)}`
              : '',
          })
        : report.status === 'rejected'
          ? t(L.traRejected, { message: report.traMessage ?? '' })
          : t(L.traPending),
    );
    table(
      doc,
      [
        { header: '', width: 0.45 },
        { header: '', width: 0.55 },
      ],
      [
        [t(L.zNumber), str(z.ZNUMBER)],
        [t(L.madeAt), `${dayFirst(str(z.DATE))} ${str(z.TIME)}`],
        [t(L.tin), str(z.TIN)],
        [t(L.vrn), str(z.VRN)],
        [t(L.taxOffice), str(z.TAXOFFICE)],
        [t(L.regId), str(z.REGID)],
        [t(L.serial), str(z.EFDSERIAL)],
        [t(L.uin), str(z.USER)],
        [t(L.registrationDate), str(z.REGISTRATIONDATE)],
        [t(L.firmware), `${str(z.FWVERSION)} ${str(z.FWCHECKSUM)}`],
      ],
    );
    heading(doc, t(L.totals));
    table(
      doc,
      [
        { header: '', width: 0.6 },
        { header: 'Tsh', width: 0.4, align: 'right' },
      ],
      [
        [t(L.dailyTotal), amount(totals.DAILYTOTALAMOUNT)],
        [t(L.gross), amount(totals.GROSS)],
        [t(L.corrections), amount(totals.CORRECTIONS)],
        [t(L.discount), amount(totals.DISCOUNTS)],
        [t(L.surcharges), amount(totals.SURCHARGES)],
        [t(L.ticketsVoid), str(totals.TICKETSVOID)],
        [t(L.ticketsVoidTotal), amount(totals.TICKETSVOIDTOTAL)],
        [t(L.ticketsFiscal), str(totals.TICKETSFISCAL)],
        [t(L.ticketsNonFiscal), str(totals.TICKETSNONFISCAL)],
      ],
    );
    heading(doc, t(L.taxGroups));
    const vat = z.VATTOTALS ?? {};
    table(
      doc,
      [
        { header: t(L.vatRate), width: 0.34 },
        { header: t(L.net), width: 0.33, align: 'right' },
        { header: t(L.vat), width: 0.33, align: 'right' },
      ],
      (vat.VATRATE ?? []).map((rate, i) => [
        str(rate),
        amount(vat.NETTAMOUNT?.[i]),
        amount(vat.TAXAMOUNT?.[i]),
      ]),
    );
    heading(doc, t(L.payments));
    const payments = z.PAYMENTS ?? {};
    table(
      doc,
      [
        { header: t(L.paymentType), width: 0.6 },
        { header: t(L.amount), width: 0.4, align: 'right' },
      ],
      (payments.PMTTYPE ?? []).map((type, i) => [str(type), amount(payments.PMTAMOUNT?.[i])]),
    );
  });
  pageNumbers(doc, (page, pages) => t(L.pageOf, { page, pages }));
  doc.end();
  return done;
}
