// A receipt for a 58 or 80 mm thermal printer, with the legal receipt block of spec/tra-vfd.md
// ("What a legal receipt shows") once the server has numbered it; before that it is marked as a
// pro forma, never passed off as a fiscal receipt.
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

export function ThermalReceipt({ view, width }: { view: ReceiptView; width: '80mm' | '58mm' }) {
  const { t, i18n } = useLingui();
  const { business, customer, fiscal, totals } = view;
  const legal = isFiscal(view);
  const unpaid = unpaidBalance(view.payments, totals.totalIncludingTax);
  const qrSize = width === '80mm' ? '34mm' : '28mm';

  return (
    <article
      className={`${classes.thermal} ${width === '80mm' ? classes.w80 : classes.w58}`}
      data-testid="thermal-receipt"
      data-layout={width}
    >
      {legal ? (
        <div className={classes.marker}>{LEGAL_RECEIPT_START}</div>
      ) : (
        <div className={classes.proforma} data-testid="proforma-mark">
          <Trans>PRO FORMA — NOT A FISCAL RECEIPT</Trans>
        </div>
      )}
      <div className={classes.center}>
        <div className={classes.strong}>TRA</div>
        {business ? (
          <>
            <div className={classes.big}>{business.name}</div>
            {business.address && <div>{business.address}</div>}
            <Labeled label={t`Mobile`}>{business.mobile}</Labeled>
            <Labeled label="TIN">{business.tin}</Labeled>
            <Labeled label="VRN">{business.vrn ?? t`NOT REGISTERED`}</Labeled>
            <Labeled label={t`Serial no.`}>{business.serial}</Labeled>
            {business.uin && <Labeled label="UIN">{business.uin}</Labeled>}
            {business.taxOffice && <Labeled label={t`Tax office`}>{business.taxOffice}</Labeled>}
          </>
        ) : (
          <div className={classes.muted}>
            <Trans>Business details are loading. Connect once to print them.</Trans>
          </div>
        )}
      </div>
      <hr className={classes.rule} />
      <Labeled label={t`Customer name`}>{customer.name || t`Walk-in customer`}</Labeled>
      <Labeled label={t`Customer ID type`}>
        {i18n._(identificationTypeShort[customer.identificationType])}
      </Labeled>
      {customer.identificationNumber && (
        <Labeled label={t`Customer ID`}>{customer.identificationNumber}</Labeled>
      )}
      {customer.phoneNumber && (
        <Labeled label={t`Customer mobile`}>{formatPhone(customer.phoneNumber)}</Labeled>
      )}
      <hr className={classes.rule} />
      {fiscal ? (
        <>
          <div className={classes.row}>
            <span>
              <Trans>Receipt no.</Trans>
            </span>
            <span className={classes.strong} data-testid="receipt-number">
              {fiscal.receiptNumber}
            </span>
          </div>
          <div className={classes.row}>
            <span>
              <Trans>Z number</Trans>
            </span>
            <span>{fiscal.zNumber}</span>
          </div>
          <div className={classes.row}>
            <span>
              <Trans>Receipt date</Trans>
            </span>
            <span>{calendarDateText(fiscal.receiptDate)}</span>
          </div>
          <div className={classes.row}>
            <span>
              <Trans>Receipt time</Trans>
            </span>
            <span>{fiscal.receiptTime}</span>
          </div>
        </>
      ) : (
        <div className={classes.row}>
          <span>
            <Trans>Date</Trans>
          </span>
          <span>{calendarDateText(view.date)}</span>
        </div>
      )}
      <hr className={classes.rule} />
      {view.lines.map((line, index) => (
        <div className={classes.line} key={index}>
          <div>{line.description}</div>
          <div className={classes.row}>
            <span className={classes.muted}>
              {formatUnits(line.quantity)} x {formatAmount(line.unitPrice)}
              {line.discountPercent > 0 && ` -${line.discountPercent}%`}
            </span>
            <span>
              {formatAmount(line.amount)} {taxGroup(line.taxType)}
            </span>
          </div>
        </div>
      ))}
      <hr className={classes.rule} />
      <div className={classes.row}>
        <span>
          <Trans>Total excl. tax</Trans>
        </span>
        <span>{formatAmount(totals.totalExcludingTax)}</span>
      </div>
      {totals.totalDiscount > 0 && (
        <div className={classes.row}>
          <span>
            <Trans>Discount</Trans>
          </span>
          <span>{formatAmount(totals.totalDiscount)}</span>
        </div>
      )}
      <div className={classes.row}>
        <span>
          <Trans>Total tax</Trans>
        </span>
        <span>{formatAmount(totals.taxAmount)}</span>
      </div>
      <div className={`${classes.row} ${classes.big}`}>
        <span>
          <Trans>Total incl. tax</Trans>
        </span>
        <span data-testid="receipt-total">{formatAmount(totals.totalIncludingTax)}</span>
      </div>
      <hr className={classes.rule} />
      {view.payments.map((payment, index) => (
        <div className={classes.row} key={index}>
          <span>{i18n._(paymentTypeLabels[payment.type])}</span>
          <span>{formatAmount(payment.amount)}</span>
        </div>
      ))}
      {unpaid > 0 && (
        <div className={classes.row}>
          <span>
            <Trans>On credit (unpaid)</Trans>
          </span>
          <span>{formatAmount(unpaid)}</span>
        </div>
      )}
      {fiscal && legal ? (
        <>
          <hr className={classes.rule} />
          <div className={classes.qr}>
            <div className={classes.strong}>
              <Trans>Receipt verification code</Trans>
            </div>
            <div className={classes.big} data-testid="verification-code">
              {fiscal.verificationCode}
            </div>
            <QrCode
              value={fiscal.verificationUrl}
              size={qrSize}
              label={t`QR code to verify this receipt with TRA`}
            />
          </div>
          <div className={classes.marker}>{LEGAL_RECEIPT_END}</div>
        </>
      ) : (
        <div className={classes.proforma}>
          {view.status === 'submitted' ? (
            <Trans>
              Submitted. The fiscal receipt is issued once the phone reaches the server.
            </Trans>
          ) : (
            <Trans>Not valid as a tax receipt.</Trans>
          )}
        </div>
      )}
    </article>
  );
}
