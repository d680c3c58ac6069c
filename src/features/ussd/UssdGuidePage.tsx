// /ussd: how to record sales from any phone with the USSD channel, each menu in turn, beside a
// phone emulator that runs the real menus as the signed-in user.
import { Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { USSD_SHORT_CODE } from '../../../domain/ussd';
import { AnchorLink } from '../../app/links';
import { usePageTitle } from '../../app/usePageTitle';
import { PhoneEmulator } from './PhoneEmulator';

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} fz="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

export function UssdGuidePage() {
  const { t } = useLingui();
  usePageTitle(t`USSD channel`);
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          <Trans>USSD channel</Trans>
        </Title>
        <Text c="dimmed" mt={4}>
          <Trans>
            No smartphone at hand? Dial {USSD_SHORT_CODE} from any mobile phone to record a sale. It
            is fiscalized like an invoice made in the app, and shows in your invoices as a USSD
            invoice.
          </Trans>
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          <Section id="ussd-start" title={<Trans>Before the first call</Trans>}>
            <List spacing="xs">
              <List.Item>
                <Trans>
                  Your profile's mobile number is the phone the channel knows you by.{' '}
                  <AnchorLink to="/profile">Check it in your profile</AnchorLink>.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  Set a 4-digit PIN on the <AnchorLink to="/auth-ussd">USSD PIN</AnchorLink> page.
                  The PIN is asked at the start of every session. After 5 wrong PINs the phone waits
                  15 minutes.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>Menus are in the language of your profile, English or Swahili.</Trans>
              </List.Item>
            </List>
          </Section>
          <Section id="ussd-sale" title={<Trans>1 New sale</Trans>}>
            <List type="ordered" spacing="xs">
              <List.Item>
                <Trans>The amount in whole shillings, VAT included, for example 11800.</Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  The tax type: 1 standard (18%), 2 exempted, 3 zero rated, 4 special relief.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>The payment: 1 cash, 2 mobile money, 3 card, 4 cheque.</Trans>
              </List.Item>
              <List.Item>
                <Trans>The customer's phone number if they want it on the receipt, or 0.</Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  Check the total and the VAT, then 1 to confirm or 2 to cancel. The last screen
                  shows the receipt number and its verification code for the customer.
                </Trans>
              </List.Item>
            </List>
            <Text size="sm" c="dimmed">
              <Trans>
                If the network repeats your confirmation, the sale is still recorded only once.
              </Trans>
            </Text>
          </Section>
          <Section id="ussd-today" title={<Trans>2 Today's sales</Trans>}>
            <Text>
              <Trans>How many receipts you issued today and their total.</Trans>
            </Text>
          </Section>
          <Section id="ussd-last" title={<Trans>3 Last receipt</Trans>}>
            <Text>
              <Trans>The number, amount and verification code of your latest receipt.</Trans>
            </Text>
          </Section>
          <Section id="ussd-exit" title={<Trans>0 Exit</Trans>}>
            <Text>
              <Trans>Ends the session.</Trans>
            </Text>
          </Section>
        </Stack>
        <Stack gap="sm" align="center">
          <Title order={2} fz="h3" ta="center">
            <Trans>Try it here</Trans>
          </Title>
          <Text size="sm" c="dimmed" ta="center" maw={360}>
            <Trans>
              This phone runs the real menus as you, with your PIN. A confirmed sale is a real sale,
              sent to TRA.
            </Trans>
          </Text>
          <PhoneEmulator />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
