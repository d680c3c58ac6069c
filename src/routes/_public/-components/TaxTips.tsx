// Tax tips for Tanzanian businesses: receipts, records, VAT registration and deadlines.
// Simplified on purpose; the footer sends readers to TRA for their own case.
import { Alert, List, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconInfoCircle } from '@tabler/icons-react';
import { usePageTitle } from '../../../app/usePageTitle';
import { getRouteApi } from '@tanstack/react-router';
import type { TaxTip } from '../../../api/tax-tips';
import { Article, P } from './Article';

/**
 * The tips published on /cms-tax-tips, in the reader's language; Risiti's own tips when none
 * are published, or while the server cannot be reached (the page works offline).
 */
const route = getRouteApi('/_public/tax-tips');

export function TaxTips() {
  const { t } = useLingui();
  usePageTitle(t`Tax tips`);
  const tips = route.useLoaderData();
  return tips.length > 0 ? <PublishedTips tips={tips} /> : <BuiltInTips />;
}

function PublishedTips({ tips }: { tips: TaxTip[] }) {
  const { i18n } = useLingui();
  const sw = i18n.locale === 'sw';
  return (
    <Article
      title={<Trans>Tax tips</Trans>}
      sections={tips.map((tip, index) => ({
        id: `tip-${index + 1}`,
        title: sw ? tip.titleSw : tip.titleEn,
        body: (
          <Text lh={1.65} style={{ whiteSpace: 'pre-line' }}>
            {sw ? tip.bodySw : tip.bodyEn}
          </Text>
        ),
      }))}
      footer={<Disclaimer />}
    />
  );
}

function Disclaimer() {
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle />}>
      <Trans>
        These tips are simplified and may change with each year's Finance Act. For your own
        situation, ask TRA at any of its offices or on tra.go.tz, or a tax adviser.
      </Trans>
    </Alert>
  );
}

function BuiltInTips() {
  return (
    <Article
      title={<Trans>Tax tips</Trans>}
      lead={
        <Trans>
          The rules every shop and business in Tanzania meets: receipts, records, VAT and the dates
          TRA expects you to file and pay.
        </Trans>
      }
      sections={[
        {
          id: 'receipts',
          title: <Trans>Issue a receipt for every sale</Trans>,
          body: (
            <>
              <P>
                <Trans>
                  If you are registered for VAT, or TRA has told you to use an electronic fiscal
                  device (EFD or VFD), you must issue a fiscal receipt at the moment of each sale:
                  for cash and credit sales alike, and whether the customer asks for it or not.
                </Trans>
              </P>
              <P>
                <Trans>
                  The receipt must show the real amount of the sale. Not issuing a receipt, or
                  issuing one for less than was paid, is an offence; so is a buyer's failure to ask
                  for a receipt.
                </Trans>
              </P>
              <P>
                <Trans>
                  Every fiscal receipt carries TRA's verification code and a QR code. Anyone can
                  scan the QR code to check on TRA's site that the sale was reported.
                </Trans>
              </P>
              <P>
                <Trans>
                  Put the customer's TIN and VRN on the receipt when the customer is a business:
                  without them, a VAT-registered buyer cannot claim the VAT back.
                </Trans>
              </P>
              <P>
                <Trans>
                  With Risiti, a receipt written without a connection waits on the phone and is
                  numbered and sent to TRA as soon as the connection returns. Until then it prints
                  as a pro forma, which is not a fiscal receipt.
                </Trans>
              </P>
            </>
          ),
        },
        {
          id: 'records',
          title: <Trans>Keep your records for five years</Trans>,
          body: (
            <>
              <P>
                <Trans>
                  Keep your sales receipts, invoices, purchase receipts, bank statements and books
                  for at least five years after the end of the year of income they belong to. TRA
                  can ask for them in an audit.
                </Trans>
              </P>
              <P>
                <Trans>
                  Ask for a fiscal receipt for everything you buy for the business. A VAT-registered
                  business can only deduct the VAT it paid (input tax) with a fiscal receipt or tax
                  invoice that shows its own TIN and VRN.
                </Trans>
              </P>
              <P>
                <Trans>
                  Risiti keeps a copy of every receipt you issue, and its expenses module keeps your
                  purchase receipts in the same place.
                </Trans>
              </P>
            </>
          ),
        },
        {
          id: 'vat-registration',
          title: <Trans>When to register for VAT</Trans>,
          body: (
            <>
              <P>
                <Trans>
                  You must register for VAT when your taxable sales reach 200 million shillings in
                  12 months, or when you expect them to pass 100 million shillings in the next 6
                  months. Apply to TRA within 30 days of reaching the threshold.
                </Trans>
              </P>
              <P>
                <Trans>
                  Some businesses must register whatever their sales, such as providers of
                  professional services. Ask TRA if this applies to you.
                </Trans>
              </P>
              <P>
                <Trans>
                  The standard rate of VAT is 18%. Some supplies are zero-rated (exports, for
                  example) and some are exempt (some unprocessed foods, for example); in Risiti you
                  choose the tax type of each item, and the totals follow.
                </Trans>
              </P>
            </>
          ),
        },
        {
          id: 'deadlines',
          title: <Trans>Filing and payment dates</Trans>,
          body: (
            <List spacing="sm" lh={1.65}>
              <List.Item>
                <Trans>
                  VAT: file the return and pay the VAT of each month by the 20th day of the
                  following month, even for a month without sales (a nil return).
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  Employees: pay PAYE, and SDL if you employ 10 people or more, by the 7th day of
                  the following month.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  Income tax: pay provisional tax in four instalments, at the end of the 3rd, 6th,
                  9th and 12th months of your year of income (31 March, 30 June, 30 September and 31
                  December for a year that follows the calendar).
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  File your annual income tax return within six months after the end of the year of
                  income (by 30 June for a calendar year).
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  Pay with the control number TRA gives you, at a bank or by mobile money. Late
                  returns and late payments bring penalties and interest.
                </Trans>
              </List.Item>
            </List>
          ),
        },
      ]}
      footer={<Disclaimer />}
    />
  );
}
