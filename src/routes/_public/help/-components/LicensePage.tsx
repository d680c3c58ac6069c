// The licence agreement between Risiti and the business that subscribes.
import { List, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../../../app/usePageTitle';
import { Article, P } from '../../-components/Article';
import {
  ACTIVATION_WORKING_DAYS,
  ANNUAL_SUBSCRIPTION_TSH,
  formatTsh,
  INSTALLATION_TSH,
  VAT_PERCENT,
} from '../../../-components/constants';

export function LicensePage() {
  const { t } = useLingui();
  usePageTitle(t`Licence agreement`);
  const subscription = formatTsh(ANNUAL_SUBSCRIPTION_TSH);
  const installation = formatTsh(INSTALLATION_TSH);
  const vat = VAT_PERCENT;
  const days = ACTIVATION_WORKING_DAYS;
  return (
    <Article
      title={<Trans>Licence agreement</Trans>}
      lead={
        <Trans>
          This agreement is between Risiti and the business that subscribes to it (you). By
          activating your account or using Risiti, you accept it.
        </Trans>
      }
      sections={[
        {
          id: 'service',
          title: <Trans>1. The service</Trans>,
          body: (
            <P>
              <Trans>
                Risiti is a web application for issuing invoices and fiscal receipts, together with
                a server that acts as your business's Virtual Fiscal Device: it numbers and signs
                your receipts with your business's certificate and sends them to the Tanzania
                Revenue Authority (TRA). You get a non-exclusive, non-transferable right to use
                Risiti for your own business while your subscription is paid.
              </Trans>
            </P>
          ),
        },
        {
          id: 'account',
          title: <Trans>2. Your account</Trans>,
          body: (
            <>
              <P>
                <Trans>
                  We activate your account within {days} working days after we receive your business
                  details, your TIN and VRN, and the certificate TRA issued for your Virtual Fiscal
                  Device. The details you give must be true and kept up to date.
                </Trans>
              </P>
              <P>
                <Trans>
                  Each person gets their own login. You are responsible for what is done with your
                  logins: keep passwords secret, keep the owner's account with one person, and
                  disable the login of anyone who leaves your business.
                </Trans>
              </P>
            </>
          ),
        },
        {
          id: 'fees',
          title: <Trans>3. Fees</Trans>,
          body: (
            <P>
              <Trans>
                The installation fee is {installation}, paid once, and the subscription is{' '}
                {subscription} a year, paid in advance. Both are exclusive of {vat}% VAT, which is
                added to the invoice. If the subscription is not renewed, the account is suspended
                at the end of the paid year; your records stay available to you as described in
                section 7.
              </Trans>
            </P>
          ),
        },
        {
          id: 'your-duties',
          title: <Trans>4. Your duties</Trans>,
          body: (
            <List spacing="xs" lh={1.65}>
              <List.Item>
                <Trans>
                  Issue receipts for the real amounts of your sales, as the law requires.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  Check the customer details you enter, such as TIN, VRN and identification.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  Connect your phones to the internet regularly, so that receipts written offline
                  reach TRA on time.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  Do not use Risiti for anything unlawful, and do not try to get around its security
                  or the limits of your account.
                </Trans>
              </List.Item>
            </List>
          ),
        },
        {
          id: 'our-duties',
          title: <Trans>5. Our duties</Trans>,
          body: (
            <List spacing="xs" lh={1.65}>
              <List.Item>
                <Trans>
                  Send each receipt to TRA in order, once, and keep trying until TRA accepts it.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  Keep your data safe and confidential, as described in the privacy policy.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  Announce planned maintenance in advance on the home page, and keep it outside
                  business hours where we can.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>Answer your questions by email in English or Kiswahili.</Trans>
              </List.Item>
            </List>
          ),
        },
        {
          id: 'availability',
          title: <Trans>6. Availability</Trans>,
          body: (
            <P>
              <Trans>
                We aim to keep Risiti available at all times, but networks, TRA's systems and
                maintenance can interrupt it. While the server or TRA cannot be reached, the app
                keeps your work on your device and sends it when the connection returns.
              </Trans>
            </P>
          ),
        },
        {
          id: 'data',
          title: <Trans>7. Your data</Trans>,
          body: (
            <P>
              <Trans>
                Your invoices, customers, products and expenses belong to you. We use them only to
                provide the service and to meet the law. When the agreement ends you can ask for an
                export of your records; we keep fiscal records for as long as tax law requires and
                then delete them.
              </Trans>
            </P>
          ),
        },
        {
          id: 'suspension',
          title: <Trans>8. Suspension and ending</Trans>,
          body: (
            <P>
              <Trans>
                You can end the agreement at the end of any paid year by telling us. We may suspend
                an account that is unpaid, that is used against this agreement or the law, or that
                TRA has blocked, and we tell you why.
              </Trans>
            </P>
          ),
        },
        {
          id: 'liability',
          title: <Trans>9. Liability</Trans>,
          body: (
            <P>
              <Trans>
                We are responsible for sending the receipts you issue to TRA as they were issued. We
                are not responsible for wrong amounts or details entered by your staff, nor for
                losses caused by events outside our control. Our total liability in a year is
                limited to the fees you paid for that year.
              </Trans>
            </P>
          ),
        },
        {
          id: 'law',
          title: <Trans>10. Changes and law</Trans>,
          body: (
            <>
              <P>
                <Trans>
                  We tell you of changes to this agreement at least 30 days before they apply. This
                  agreement is governed by the laws of the United Republic of Tanzania.
                </Trans>
              </P>
              <Text size="sm" c="dimmed">
                <Trans>Version of 1 November 2026.</Trans>
              </Text>
            </>
          ),
        },
      ]}
    />
  );
}
