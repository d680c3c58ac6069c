// The privacy policy: what Risiti keeps about people, why, with whom it is shared, and the
// rights of the people concerned (Personal Data Protection Act, 2022).
import { List, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { AnchorLink } from '../../../../app/links';
import { usePageTitle } from '../../../../app/usePageTitle';
import { Article, P } from '../../-components/Article';

export function PrivacyPage() {
  const { t } = useLingui();
  usePageTitle(t`Privacy policy`);
  return (
    <Article
      title={<Trans>Privacy policy</Trans>}
      lead={
        <Trans>
          Risiti handles the data of the businesses that use it, of their staff and of their
          customers. This page explains what we keep, why, and your rights under the Personal Data
          Protection Act, 2022.
        </Trans>
      }
      sections={[
        {
          id: 'what',
          title: <Trans>What we keep</Trans>,
          body: (
            <List spacing="xs" lh={1.65}>
              <List.Item>
                <Trans>
                  Accounts: names, username, email address, mobile number, language and role of each
                  user. Passwords are stored only in a form that cannot be read back.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  Businesses: name, TIN, VRN, address, contact details and the certificate TRA
                  issued, which we store encrypted.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  Sales: invoices, receipts, products, and the customer details entered on them,
                  such as name, phone, email, TIN, VRN and identification number.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>Expenses and the receipts or files attached to them.</Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  Technical records: sign-in times, the network address of requests and the actions
                  taken in the app, to protect accounts and investigate problems.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>Messages sent to us through the contact form.</Trans>
              </List.Item>
            </List>
          ),
        },
        {
          id: 'why',
          title: <Trans>Why we use it</Trans>,
          body: (
            <P>
              <Trans>
                To provide the service you subscribed to; to send your receipts to TRA, as the law
                requires; to keep your account secure; to answer your questions; and to email
                invoices or codes you asked for. We do not sell data and we do not use it for
                advertising.
              </Trans>
            </P>
          ),
        },
        {
          id: 'sharing',
          title: <Trans>Who receives it</Trans>,
          body: (
            <P>
              <Trans>
                TRA receives every receipt, with the customer details printed on it. Your invoices
                are emailed to your customers when you ask. The companies that host our servers and
                deliver our emails process data only on our instructions. Beyond these, we disclose
                data only when a Tanzanian law or court requires it.
              </Trans>
            </P>
          ),
        },
        {
          id: 'device',
          title: <Trans>On your phone</Trans>,
          body: (
            <P>
              <Trans>
                So that it works without a connection, Risiti keeps your session and your business's
                recent data in the browser of each device you use. Signing out removes the session
                from the device. Anyone who can unlock the phone can open the app, so lock your
                phone with a PIN.
              </Trans>
            </P>
          ),
        },
        {
          id: 'retention',
          title: <Trans>How long we keep it</Trans>,
          body: (
            <P>
              <Trans>
                Fiscal records (receipts, invoices and the books behind them) are kept for at least
                five years after the end of the year of income, as tax law requires. Other data is
                deleted or made anonymous when it is no longer needed, at the latest one year after
                your account ends.
              </Trans>
            </P>
          ),
        },
        {
          id: 'security',
          title: <Trans>Security</Trans>,
          body: (
            <P>
              <Trans>
                Connections are encrypted, certificates are encrypted at rest, each request is
                checked against the user's role and company, and sessions end when a password
                changes or an account is disabled.
              </Trans>
            </P>
          ),
        },
        {
          id: 'rights',
          title: <Trans>Your rights</Trans>,
          body: (
            <>
              <P>
                <Trans>
                  You may ask to see the personal data we hold about you, to correct it, to object
                  to a use of it, or to have it deleted where the law does not require us to keep
                  it. A business's customers can ask the business or us. You can also complain to
                  the Personal Data Protection Commission.
                </Trans>
              </P>
              <Text>
                <Trans>
                  To use these rights or ask a question,{' '}
                  <AnchorLink to="/contact-us">write to us</AnchorLink>.
                </Trans>
              </Text>
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
