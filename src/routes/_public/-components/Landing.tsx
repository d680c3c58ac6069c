// The landing page (spec §1): what Risiti does, its price, the USSD code, the maintenance
// notice, and the way in.
import {
  Alert,
  Badge,
  Box,
  Card,
  Center,
  Container,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  IconChartBar,
  IconCloudOff,
  IconDeviceMobile,
  IconFileInvoice,
  IconReceipt2,
  IconTool,
  IconUsers,
} from '@tabler/icons-react';

import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserOnly } from '../../../app/BrowserOnly';
import { firstPageShown } from '../../../app/first-page';
import { usePageTitle } from '../../../app/usePageTitle';
import {
  ACTIVATION_WORKING_DAYS,
  ANNUAL_SUBSCRIPTION_TSH,
  formatTsh,
  INSTALLATION_TSH,
  USSD_CODE,
  VAT_PERCENT,
} from '../../-components/constants';
import { AnchorLink, ButtonLink } from '../../../app/links';

// The registration form is far below the fold, and its fields and checks are most of what
// the page would load before its first paint: it is fetched once the page is shown.
const RegistrationForm = lazy(async () => {
  await firstPageShown;
  const { RegistrationForm } = await import('../../../features/registration/RegistrationForm');
  return { default: RegistrationForm };
});

function Feature({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <ThemeIcon size={44} radius="md" variant="light">
        {icon}
      </ThemeIcon>
      <Text fw={700} fz="lg" mt="md">
        {title}
      </Text>
      <Text c="dimmed" mt={4}>
        {children}
      </Text>
    </Card>
  );
}

export function Landing() {
  const { t } = useLingui();
  usePageTitle(t`Fiscal receipts for TRA, online or offline`);
  const subscription = formatTsh(ANNUAL_SUBSCRIPTION_TSH);
  const installation = formatTsh(INSTALLATION_TSH);
  const vat = VAT_PERCENT;
  const days = ACTIVATION_WORKING_DAYS;
  const formLoading = (
    <Center mih={360}>
      <Loader role="status" aria-label={t`Loading the registration form`} />
    </Center>
  );

  return (
    <>
      <Container size="lg" pt="md">
        <Alert
          color="yellow"
          variant="light"
          icon={<IconTool />}
          title={t`Planned maintenance`}
          data-testid="maintenance-notice"
        >
          <Trans>
            Risiti will be unavailable from Sunday the 20th at midnight until Monday the 21st at 5
            in the morning, East Africa Time. Invoices you write in the app during that time are
            kept on your phone and sent as soon as the service is back.
          </Trans>
        </Alert>
      </Container>

      <Box component="section" py={{ base: 40, sm: 72 }}>
        <Container size="lg">
          <Stack gap="lg" maw={720}>
            <Badge
              size="lg"
              variant="light"
              radius="sm"
              h="auto"
              py={4}
              style={{ alignSelf: 'flex-start' }}
              styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
            >
              <Trans>Your Virtual Fiscal Device (VFD)</Trans>
            </Badge>
            <Title order={1} fz={{ base: 32, sm: 48 }} lh={1.15}>
              <Trans>TRA receipts from any phone, even without internet</Trans>
            </Title>
            <Text fz={{ base: 'md', sm: 'xl' }} c="dimmed">
              <Trans>
                Risiti lets your shop write invoices and receipts on a phone or computer, with or
                without a connection. Our server acts as your Virtual Fiscal Device: it numbers,
                signs and sends every receipt to the Tanzania Revenue Authority, in order, never
                twice.
              </Trans>
            </Text>
            <Group gap="sm">
              <ButtonLink to="/login" size="lg">
                <Trans>Log in</Trans>
              </ButtonLink>
              <ButtonLink to="/" hash="register" size="lg" variant="default">
                <Trans>Register your business</Trans>
              </ButtonLink>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Box component="section" bg="gray.0" py={{ base: 40, sm: 64 }}>
        <Container size="lg">
          <Title order={2} mb="lg">
            <Trans>What Risiti does for your business</Trans>
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <Feature icon={<IconReceipt2 />} title={<Trans>Fiscal receipts</Trans>}>
              <Trans>
                Every sale gets a TRA receipt with its verification code and QR code, printed or
                sent to the customer by email.
              </Trans>
            </Feature>
            <Feature icon={<IconCloudOff />} title={<Trans>Works offline</Trans>}>
              <Trans>
                Keep selling when the network is down. Your work is saved on the phone and sent to
                TRA as soon as the connection returns.
              </Trans>
            </Feature>
            <Feature icon={<IconFileInvoice />} title={<Trans>Invoices</Trans>}>
              <Trans>
                Draft, save and submit invoices with VAT worked out for you, whether your prices
                include VAT or not.
              </Trans>
            </Feature>
            <Feature icon={<IconUsers />} title={<Trans>Customers and products</Trans>}>
              <Trans>
                Keep your customers with their TIN and VRN, and your products and services, ready
                for the next sale.
              </Trans>
            </Feature>
            <Feature icon={<IconChartBar />} title={<Trans>Sales and expenses</Trans>}>
              <Trans>
                See your sales by day and by tax, record your expenses, and download your reports.
              </Trans>
            </Feature>
            <Feature icon={<IconDeviceMobile />} title={<Trans>USSD on any phone</Trans>}>
              <Trans>No smartphone at hand? Dial {USSD_CODE} from any mobile phone.</Trans>{' '}
              <AnchorLink to="/help" hash="ussd">
                <Trans>How USSD works</Trans>
              </AnchorLink>
            </Feature>
          </SimpleGrid>
        </Container>
      </Box>

      <Box component="section" py={{ base: 40, sm: 64 }} id="pricing">
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <Stack gap="sm">
              <Title order={2}>
                <Trans>Simple pricing</Trans>
              </Title>
              <Text c="dimmed">
                <Trans>
                  One price for the year, whatever the number of receipts you issue. Your account is
                  activated within {days} working days.
                </Trans>
              </Text>
              <List spacing="xs" mt="sm">
                <List.Item>
                  <Trans>Receipts sent to TRA for you</Trans>
                </List.Item>
                <List.Item>
                  <Trans>Use it on your phones and computers</Trans>
                </List.Item>
                <List.Item>
                  <Trans>Help in English and Kiswahili</Trans>
                </List.Item>
              </List>
            </Stack>
            <Card withBorder radius="lg" padding="lg" data-testid="pricing">
              <Stack gap="md">
                <Group justify="space-between" wrap="nowrap" align="flex-end">
                  <Text fw={600}>
                    <Trans>Annual subscription</Trans>
                  </Text>
                  <Text
                    fw={800}
                    fz={{ base: 22, sm: 28 }}
                    c="risiti.8"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {subscription}
                  </Text>
                </Group>
                <Group justify="space-between" wrap="nowrap" align="flex-end">
                  <Text fw={600}>
                    <Trans>Installation, once</Trans>
                  </Text>
                  <Text
                    fw={800}
                    fz={{ base: 22, sm: 28 }}
                    c="risiti.8"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {installation}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed">
                  <Trans>Both prices are exclusive of {vat}% VAT.</Trans>
                </Text>
                <ButtonLink to="/" hash="register">
                  <Trans>Register your business</Trans>
                </ButtonLink>
              </Stack>
            </Card>
          </SimpleGrid>
        </Container>
      </Box>

      <Box component="section" bg="gray.0" py={{ base: 40, sm: 64 }} id="register">
        <Container size="md">
          <Stack gap="md">
            <Title order={2}>
              <Trans>Register your business</Trans>
            </Title>
            <Text c="dimmed">
              <Trans>
                Tell us who you are; we set up your account within {days} working days and email you
                the sign-in details.
              </Trans>
            </Text>
            <Card withBorder radius="lg" padding="lg">
              <Suspense fallback={formLoading}>
                <BrowserOnly fallback={formLoading}>
                  <RegistrationForm signedIn={false} />
                </BrowserOnly>
              </Suspense>
            </Card>
          </Stack>
        </Container>
      </Box>

      <Box component="section" bg="risiti.7" c="white" py={{ base: 40, sm: 56 }}>
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
            <Stack gap="xs">
              <Title order={2} c="white">
                <Trans>Know your tax duties</Trans>
              </Title>
              <Text>
                <Trans>
                  When to issue a receipt, how long to keep it, when VAT registration starts and
                  when returns are due.
                </Trans>
              </Text>
              <Group mt="sm">
                <ButtonLink to="/tax-tips" variant="white">
                  <Trans>Read the tax tips</Trans>
                </ButtonLink>
              </Group>
            </Stack>
            <Stack gap="xs">
              <Title order={2} c="white">
                <Trans>Need help?</Trans>
              </Title>
              <Text>
                <Trans>
                  Read how Risiti works, the answers to common questions, or write to us.
                </Trans>
              </Text>
              <Group mt="sm">
                <ButtonLink to="/help" variant="white">
                  <Trans>Help</Trans>
                </ButtonLink>
                <ButtonLink to="/contact-us" variant="outline" color="white">
                  <Trans>Contact us</Trans>
                </ButtonLink>
              </Group>
            </Stack>
          </SimpleGrid>
        </Container>
      </Box>
    </>
  );
}
