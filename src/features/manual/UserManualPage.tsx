// /help/user-manual: how operators and owners use Risiti, screen by screen, in the reader's
// language, with pictures of the real screens. The pictures are made by
// scripts/manual-screenshots.ts, which drives the built app in Chromium, in both languages.
import type { ReactNode } from 'react';
import { Anchor, Container, Image, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../app/usePageTitle';
import { MANUAL_SHOTS, type ManualShot } from './shots';

function Shot({ name, alt }: { name: ManualShot; alt: string }) {
  const { i18n } = useLingui();
  const locale = i18n.locale === 'sw' ? 'sw' : 'en';
  const { width, height } = MANUAL_SHOTS[name];
  return (
    <Paper withBorder radius="md" p={4} maw={width / 2 + 10} style={{ alignSelf: 'center' }}>
      <Image
        src={`/manual/${locale}/${name}.webp`}
        alt={alt}
        width={width}
        height={height}
        loading="lazy"
        radius="sm"
        style={{ width: '100%', height: 'auto' }}
      />
    </Paper>
  );
}

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" id={id} aria-labelledby={`${id}-title`}>
      <Title order={2} fz="h3" id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const P = ({ children }: { children: ReactNode }) => <Text lh={1.65}>{children}</Text>;

export function UserManualPage() {
  const { t } = useLingui();
  usePageTitle(t`User manual`);
  const contents: [string, string][] = [
    ['sign-in', t`Signing in`],
    ['dashboard', t`The dashboard and the menu`],
    ['products', t`Products and services`],
    ['customers', t`Customers`],
    ['invoice', t`Writing an invoice`],
    ['issued', t`Sending it to TRA`],
    ['owners', t`For company owners`],
    ['admins', t`For organization admins`],
  ];
  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={0}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            <Trans>User manual</Trans>
          </Title>
          <Text c="dimmed" fz="lg">
            <Trans>
              How to work with Risiti at the counter and run your company, screen by screen.
            </Trans>
          </Text>
        </Stack>
        <Paper withBorder radius="md" p="md" component="nav" bg="gray.0" aria-label={t`Contents`}>
          <List spacing={4}>
            {contents.map(([id, label]) => (
              <List.Item key={id}>
                <Anchor href={`#${id}`}>{label}</Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>

        <Section id="sign-in" title={<Trans>Signing in</Trans>}>
          <P>
            <Trans>
              Your company owner or Risiti creates your account and you receive an email with your
              username and a one-time password. Open Risiti, type both and press "Log in".
            </Trans>
          </P>
          <Shot name="login" alt={t`The sign-in page`} />
          <P>
            <Trans>
              The first time, Risiti asks you to choose your own password: 6 to 20 characters with a
              capital letter, a small letter, a digit and a special character. Type it twice. The
              one-time password stops working once you have chosen yours.
            </Trans>
          </P>
          <Shot name="change-password" alt={t`Choosing your own password`} />
        </Section>

        <Section id="dashboard" title={<Trans>The dashboard and the menu</Trans>}>
          <P>
            <Trans>
              After signing in you see the dashboard: your company, today's date and the buttons for
              a new invoice and the invoices list. On a phone the menu opens with the button at the
              top left. The badge at the top says whether everything is sent to the server; when the
              connection is lost, Risiti keeps working and sends your changes when it returns.
            </Trans>
          </P>
          <Shot name="dashboard" alt={t`The dashboard`} />
        </Section>

        <Section id="products" title={<Trans>Products and services</Trans>}>
          <P>
            <Trans>
              Save what you sell once, with its price, its tax type (standard 18%, zero rated,
              special relief or exempted) and whether the price includes VAT. On an invoice you then
              pick it by typing a few letters of its name.
            </Trans>
          </P>
          <Shot name="products" alt={t`The products and services list`} />
        </Section>

        <Section id="customers" title={<Trans>Customers</Trans>}>
          <P>
            <Trans>
              A customer has a name, an identification type and number (TIN, driving licence,
              voter's number, passport, NIDA or none), a phone, an email and, for businesses, a VAT
              number. Put the TIN and VAT number of a business customer: without them it cannot
              claim the VAT back. A whole list can be imported from a CSV file.
            </Trans>
          </P>
          <Shot name="customers" alt={t`The customers list`} />
        </Section>

        <Section id="invoice" title={<Trans>Writing an invoice</Trans>}>
          <P>
            <Trans>
              Press "New invoice". Choose the customer or leave it as a walk-in customer, add the
              lines (product, quantity, price, discount), and the payment: cash, card, mobile money
              or cheque. The totals and the VAT are shown as you type. "Save" keeps it as a draft
              that you can change later.
            </Trans>
          </P>
          <Shot name="new-invoice" alt={t`A new invoice`} />
          <P>
            <Trans>
              An invoice you leave before saving stays on this phone, under "Invoices you started
              and did not save" on the invoices list and on "New invoice". The other forms ask
              before you leave them with what you typed not saved: "Keep typing" brings you back to
              it.
            </Trans>
          </P>
        </Section>

        <Section id="issued" title={<Trans>Sending it to TRA</Trans>}>
          <P>
            <Trans>
              "Submit" sends the invoice to TRA. The server gives it its receipt number and
              verification code at once, and TRA confirms it shortly after: the invoice is then
              issued, with the QR code your customer can scan to check it. A submitted invoice can
              no longer be changed. Without a connection the invoice waits on the phone and is sent
              as soon as the connection returns; until then it prints as a pro forma.
            </Trans>
          </P>
          <Shot name="invoice-issued" alt={t`An issued receipt with its QR code`} />
          <P>
            <Trans>
              From the invoice you can print it (80 mm or 58 mm roll, or A4), email it with its PDF,
              or share its link on WhatsApp or by SMS.
            </Trans>
          </P>
          <P>
            <Trans>
              If TRA refuses a receipt, the invoice shows TRA's reason. Turn on "Notifications on
              this phone" in your profile to be told at once, even when Risiti is closed; the owner
              is told too.
            </Trans>
          </P>
        </Section>

        <Section id="owners" title={<Trans>For company owners</Trans>}>
          <P>
            <Trans>
              "First steps" shows what a new company still has to do: the certificate registered
              with TRA, the first products and customers, and the first invoice. "Company" shows
              your company's details and its VFD: the last receipt, what still waits for TRA and the
              last Z report.
            </Trans>
          </P>
          <Shot name="welcome" alt={t`The first steps of a new company`} />
          <P>
            <Trans>
              Under "Operators" you add the people who work at your counter: each gets an email with
              a one-time password. Make an operator inactive or blocked and they are signed out at
              once and can do nothing until you make them active again. Keep the owner's account to
              yourself.
            </Trans>
          </P>
          <Shot name="operators" alt={t`The operators list`} />
          <P>
            <Trans>
              Under "Expenses" you record what the business spends: scan a receipt's QR code, type
              its code and time, upload it, or enter it by hand. A receipt read from its code is
              recorded at once; if its reading fails, correct the code or the time on its card and
              try again. When the reading takes a while, you can keep working: with notifications
              on, you are told when it is done. "Suggest a category" reads the receipt's lines and
              learns from how you filed earlier expenses, even without a connection.
            </Trans>
          </P>
          <P>
            <Trans>
              "AI business insights", under your figures on the dashboard, reads the period's sales,
              expenses and tax and says what stands out, how urgent it is and what to do. It asks
              for your consent first, and you can turn it off there. Choose sales, expenses, tax or
              business health and tap "Get insights"; asking the same again the same day costs
              nothing, and the number of requests a day is limited. It needs a connection.
            </Trans>
          </P>
        </Section>

        <Section id="admins" title={<Trans>For organization admins</Trans>}>
          <P>
            <Trans>
              An organization admin sees every company of the organization under "Companies", with
              each one's VFD state, and can replace a certificate or disable a company. To work on
              the invoices, customers and products of one company, choose it with the button at the
              top of the menu.
            </Trans>
          </P>
          <Shot name="companies" alt={t`The companies of an organization`} />
        </Section>
      </Stack>
    </Container>
  );
}
