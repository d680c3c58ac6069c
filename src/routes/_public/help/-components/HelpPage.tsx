// How to use what Risiti offers today: signing in, passwords, language, working offline,
// installing the app, sales by USSD, and where to find more.
import { List, SimpleGrid } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { AnchorLink } from '../../../../app/links';
import { usePageTitle } from '../../../../app/usePageTitle';
import { Article, P } from '../../-components/Article';
import { USSD_CODE } from '../../../-components/constants';

export function HelpPage() {
  const { t } = useLingui();
  usePageTitle(t`Help`);
  return (
    <Article
      title={<Trans>Help</Trans>}
      lead={<Trans>How to start with Risiti and keep working, with or without a connection.</Trans>}
      sections={[
        {
          id: 'first-sign-in',
          title: <Trans>Your first sign-in</Trans>,
          body: (
            <>
              <P>
                <Trans>
                  When your account is activated you receive a username and a first password. Open
                  Risiti, choose Log in and enter them. Risiti then asks you to choose your own
                  password; nobody else, not even Risiti's staff, will know it.
                </Trans>
              </P>
              <P>
                <Trans>
                  A good password has 6 to 20 characters with a capital letter, a small letter, a
                  digit and a special character, such as Duka-2024!. Do not share it: every receipt
                  is recorded under the name of the person signed in.
                </Trans>
              </P>
            </>
          ),
        },
        {
          id: 'forgot-password',
          title: <Trans>If you forget your password</Trans>,
          body: (
            <List type="ordered" spacing="xs" lh={1.65}>
              <List.Item>
                <Trans>On the log in page, choose Forgot your password?</Trans>
              </List.Item>
              <List.Item>
                <Trans>Enter the email address of your account. We send it a 6-digit code.</Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  Enter the code within 1 hour. After 3 wrong tries the code is blocked and you need
                  to ask for a new one.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>Choose your new password, then log in with it.</Trans>
              </List.Item>
            </List>
          ),
        },
        {
          id: 'offline',
          title: <Trans>Working without a connection</Trans>,
          body: (
            <>
              <P>
                <Trans>
                  After you have opened Risiti once on a phone, it opens on that phone even with no
                  network, and you stay signed in. When the server cannot be reached, an orange
                  Offline sign with a crossed-out cloud appears at the top of the screen, with the
                  number of changes waiting to be sent. Tap it to see them.
                </Trans>
              </P>
              <P>
                <Trans>
                  What you write offline is kept on the phone and sent when the server answers
                  again. Do not clear the browser's data or uninstall the app while work is waiting
                  to be sent.
                </Trans>
              </P>
            </>
          ),
        },
        {
          id: 'install',
          title: <Trans>Install Risiti on your phone</Trans>,
          body: (
            <>
              <P>
                <Trans>
                  Risiti is a web app: there is nothing to download from an app store. In Chrome on
                  Android, open the menu (the three dots) and choose Install app or Add to Home
                  screen. On an iPhone, in Safari, tap Share, then Add to Home Screen.
                </Trans>
              </P>
              <P>
                <Trans>No smartphone at hand? Dial {USSD_CODE} from any mobile phone.</Trans>
              </P>
            </>
          ),
        },
        {
          id: 'ussd',
          title: <Trans>Sales by USSD</Trans>,
          body: (
            <>
              <P>
                <Trans>
                  Owners and operators can record a sale from any mobile phone by dialling{' '}
                  {USSD_CODE}, with no smartphone and no data. The channel knows you by the mobile
                  number in your profile; before the first call, set a 4-digit USSD PIN in the app.
                </Trans>
              </P>
              <P>
                <Trans>
                  Choose 1 New sale, then give the amount in whole shillings with VAT, the tax type,
                  the payment and, if the customer wants it on the receipt, their phone number.
                  Confirm, and the last screen shows the receipt number and its verification code.
                  The sale is fiscalized like an invoice made in the app.
                </Trans>
              </P>
              <P>
                <Trans>
                  Signed in, the <AnchorLink to="/ussd">USSD channel</AnchorLink> page lists every
                  menu and lets you try them.
                </Trans>
              </P>
            </>
          ),
        },
        {
          id: 'language',
          title: <Trans>English or Kiswahili</Trans>,
          body: (
            <P>
              <Trans>
                Switch between English and Kiswahili at the top of any page (on a phone, in the
                menu), or in your profile. When you are signed in, the choice is saved on your
                account and follows you to other phones.
              </Trans>
            </P>
          ),
        },
        {
          id: 'profile',
          title: <Trans>Your profile</Trans>,
          body: (
            <P>
              <Trans>
                In Profile you can correct your name, email address and mobile number, choose your
                language and change your password. Changing the password signs you out on your other
                devices.
              </Trans>
            </P>
          ),
        },
      ]}
      footer={
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <AnchorLink to="/help/FAQs">
            <Trans>Frequently asked questions</Trans>
          </AnchorLink>
          <AnchorLink to="/tax-tips">
            <Trans>Tax tips</Trans>
          </AnchorLink>
          <AnchorLink to="/help/license-agreement">
            <Trans>Licence agreement</Trans>
          </AnchorLink>
          <AnchorLink to="/help/privacy-policy">
            <Trans>Privacy policy</Trans>
          </AnchorLink>
          <AnchorLink to="/contact-us">
            <Trans>Still stuck? Contact us</Trans>
          </AnchorLink>
        </SimpleGrid>
      }
    />
  );
}
