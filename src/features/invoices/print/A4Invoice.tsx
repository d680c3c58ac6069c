// The A4 invoice: the business as registered with TRA, the customer, the lines and totals, and
// the same fiscal block as the thermal receipt (QR code and verification code). Without a
// fiscal receipt it is a pro forma and says so at the top.
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatAmount } from '../../../../domain/money';
import { paymentTypeLabels, unpaidBalance } from '../../../../domain/payments';
import { isFiscal, type ReceiptView } from '../receipt-view';
import { identificationTypeShort } from '../../customers/labels';
import { formatPhone } from '../../customers/format';
import { QrCode } from '../QrCode';
import { formatUnits, taxGroup } from './format';
import { Labeled } from './Labeled';
import { LEGAL_RECEIPT_END, LEGAL_RECEIPT_START } from './legal-marks';
import classes from './receipt.module.css';
import { calendarDateText } from '../../../../domain/calendar-date';

function Row({
  label,
  children,
  className,
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`${classes.row} ${className ?? ''}`}>
      <span>{label}</span>
      <span>{children}</span>
    </div>
  );
}

export function A4Invoice({ view }: { view: ReceiptView }) {
  const { t, i18n } = useLingui();
  const { business, customer, fiscal, totals } = view;
  const legal = isFiscal(view);
  const unpaid = unpaidBalance(view.payments, totals.totalIncludingTax);

  return (
    <article className={classes.a4} data-testid="a4-invoice">
      {!legal && (
        <div className={classes.a4Proforma} data-testid="proforma-mark">
          <Trans>PRO FORMA — NOT A FISCAL RECEIPT</Trans>
        </div>
      )}
      <header className={classes.a4Header}>
        <div>
          {business ? (
            <>
              <p className={classes.a4Business}>{business.name}</p>
              {business.address && <div>{business.address}</div>}
              <Labeled label={t`Mobile`}>{business.mobile}</Labeled>
              <Labeled label="TIN">{business.tin}</Labeled>
              <Labeled label="VRN">{business.vrn ?? t`NOT REGISTERED`}</Labeled>
              <Labeled label={t`Serial no.`}>{business.serial}</Labeled>
              {business.uin && <Labeled label="UIN">{business.uin}</Labeled>}
              {business.taxOffice && <Labeled label={t`Tax office`}>{business.taxOffice}</Labeled>}
            </>
          ) : (
            <Trans>Business details are loading. Connect once to print them.</Trans>
          )}
        </div>
        <div>
          <h1 className={classes.a4Title}>
            {legal ? <Trans>Tax invoice</Trans> : <Trans>Pro forma invoice</Trans>}
          </h1>
          <dl style={{ margin: 0, textAlign: 'right' }}>
            {fiscal && (
              <div>
                {t`Receipt no.`}:{' '}
                <strong data-testid="receipt-number">{fiscal.receiptNumber}</strong>
              </div>
            )}
            <div>
              {t`Date`}: {calendarDateText(view.date)}
            </div>
            {view.reference && (
              <div>
                {t`Reference`}: {view.reference}
              </div>
            )}
          </dl>
        </div>
      </header>

      <section className={classes.a4Grid}>
        <div>
          <p className={classes.a4Label}>
            <Trans>Bill to</Trans>
          </p>
          <div className={classes.strong}>{customer.name || t`Walk-in customer`}</div>
          <div>
            {i18n._(identificationTypeShort[customer.identificationType])}
            {customer.identificationNumber ? `: ${customer.identificationNumber}` : ''}
          </div>
          {customer.phoneNumber && <div>{formatPhone(customer.phoneNumber)}</div>}
        </div>
        <div>
          {view.operatorName && (
            <>
              <p className={classes.a4Label}>
                <Trans>Served by</Trans>
              </p>
              <div>{view.operatorName}</div>
            </>
          )}
        </div>
      </section>

      <table className={classes.a4Table}>
        <thead>
          <tr>
            <th>
              <Trans>Description</Trans>
            </th>
            <th className={classes.num}>
              <Trans>Qty</Trans>
            </th>
            <th className={classes.num}>
              <Trans>Unit price</Trans>
            </th>
            <th className={classes.num}>
              <Trans>Discount</Trans>
            </th>
            <th className={classes.num}>
              <Trans>Amount</Trans>
            </th>
            <th className={classes.num}>
              <Trans>Tax</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {view.lines.map((line, index) => (
            <tr key={index}>
              <td>{line.description}</td>
              <td className={classes.num}>{formatUnits(line.quantity)}</td>
              <td className={classes.num}>{formatAmount(line.unitPrice)}</td>
              <td className={classes.num}>
                {line.discountPercent ? `${line.discountPercent}%` : ''}
              </td>
              <td className={classes.num}>{formatAmount(line.amount)}</td>
              <td className={classes.num}>{taxGroup(line.taxType)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className={classes.a4Totals}>
        {totals.totalDiscount > 0 && (
          <>
            <Row label={t`Subtotal`}>{formatAmount(totals.subTotal)}</Row>
            <Row label={t`Discount`}>-{formatAmount(totals.totalDiscount)}</Row>
          </>
        )}
        <Row label={t`Total excl. tax`}>{formatAmount(totals.totalExcludingTax)}</Row>
        <Row label={t`Total tax`}>{formatAmount(totals.taxAmount)}</Row>
        <Row label={t`Total incl. tax (Tsh)`} className={classes.a4Grand}>
          <span data-testid="receipt-total">{formatAmount(totals.totalIncludingTax)}</span>
        </Row>
        {view.payments.map((payment, index) => (
          <Row key={index} label={i18n._(paymentTypeLabels[payment.type])}>
            {formatAmount(payment.amount)}
          </Row>
        ))}
        {unpaid > 0 && <Row label={t`Balance due (on credit)`}>{formatAmount(unpaid)}</Row>}
      </div>

      {fiscal && legal && (
        <section className={classes.a4Fiscal} aria-label={t`Fiscal receipt`}>
          <QrCode
            value={fiscal.verificationUrl}
            size="32mm"
            label={t`QR code to verify this receipt with TRA`}
          />
          <div>
            <div className={classes.marker} style={{ textAlign: 'left' }}>
              {LEGAL_RECEIPT_START}
            </div>
            <dl>
              <dt>{t`Receipt no.`}</dt>
              <dd>{fiscal.receiptNumber}</dd>
              <dt>{t`Z number`}</dt>
              <dd>{fiscal.zNumber}</dd>
              <dt>{t`Receipt date`}</dt>
              <dd>
                {calendarDateText(fiscal.receiptDate)} {fiscal.receiptTime}
              </dd>
              <dt>{t`Receipt verification code`}</dt>
              <dd data-testid="verification-code">{fiscal.verificationCode}</dd>
            </dl>
            <div className={classes.marker} style={{ textAlign: 'left' }}>
              {LEGAL_RECEIPT_END}
            </div>
          </div>
        </section>
      )}
    </article>
  );
}
