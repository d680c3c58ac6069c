// Frequently asked questions, as an accordion so a phone shows the questions first.
import { Accordion, Container, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../../app/links';
import { usePageTitle } from '../../../../app/usePageTitle';
import {
  ACTIVATION_WORKING_DAYS,
  ANNUAL_SUBSCRIPTION_TSH,
  formatTsh,
  INSTALLATION_TSH,
  USSD_CODE,
  VAT_PERCENT,
} from '../../../-components/constants';

export function FaqPage() {
  const { t } = useLingui();
  usePageTitle(t`Frequently asked questions`);
  const days = ACTIVATION_WORKING_DAYS;
  const vat = VAT_PERCENT;
  const subscription = formatTsh(ANNUAL_SUBSCRIPTION_TSH);
  const installation = formatTsh(INSTALLATION_TSH);
  const questions: { id: string; question: ReactNode; answer: ReactNode }[] = [
    {
      id: 'vfd',
      question: <Trans>What is a Virtual Fiscal Device (VFD)?</Trans>,
      answer: (
        <Trans>
          A VFD is software that TRA allows in place of an EFD machine. It numbers each receipt,
          signs it with your business's certificate and sends it to TRA. With Risiti, our server is
          your VFD: you do not need to buy or maintain a machine.
        </Trans>
      ),
    },
    {
      id: 'no-internet',
      question: <Trans>What happens when there is no internet?</Trans>,
      answer: (
        <Trans>
          You keep working. Risiti saves your work on the phone and sends it as soon as the
          connection returns; every receipt reaches TRA in order, and none is sent twice.
        </Trans>
      ),
    },
    {
      id: 'price',
      question: <Trans>How much does Risiti cost?</Trans>,
      answer: (
        <Trans>
          An annual subscription of {subscription} and a one-time installation of {installation},
          both exclusive of {vat}% VAT. There is no charge per receipt.
        </Trans>
      ),
    },
    {
      id: 'activation',
      question: <Trans>How long does it take to start?</Trans>,
      answer: (
        <Trans>
          Your account is activated within {days} working days after we receive your details and
          your business's certificate from TRA.
        </Trans>
      ),
    },
    {
      id: 'phones',
      question: <Trans>Which phones can I use?</Trans>,
      answer: (
        <Trans>
          Any smartphone, tablet or computer with an up-to-date browser (Chrome, Samsung Internet,
          Firefox, Safari or Edge). On a basic phone, dial {USSD_CODE}.
        </Trans>
      ),
    },
    {
      id: 'several-people',
      question: <Trans>Can several people in my shop use Risiti?</Trans>,
      answer: (
        <Trans>
          Yes. Each operator gets their own login, and each invoice in the app shows who served the
          customer. The company owner's account manages the company: keep its password with one
          person only.
        </Trans>
      ),
    },
    {
      id: 'password',
      question: <Trans>I forgot my password. What do I do?</Trans>,
      answer: (
        <Trans>
          On the log in page choose Forgot your password? and follow the steps: a 6-digit code is
          sent to your email, valid for 1 hour.
        </Trans>
      ),
    },
    {
      id: 'language',
      question: <Trans>Can I use Risiti in Kiswahili?</Trans>,
      answer: (
        <Trans>
          Yes, every screen is in English and Kiswahili. Switch at the top of the page (on a phone,
          in the menu); the choice is saved on your account.
        </Trans>
      ),
    },
    {
      id: 'data',
      question: <Trans>Who can see my sales?</Trans>,
      answer: (
        <Trans>
          You, the people of your company, and TRA, which receives every receipt by law. We do not
          sell or share your data with anyone else. Read the{' '}
          <AnchorLink to="/help/privacy-policy">privacy policy</AnchorLink> for the details.
        </Trans>
      ),
    },
  ];

  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Title order={1}>
          <Trans>Frequently asked questions</Trans>
        </Title>
        <Accordion variant="separated" radius="md" multiple>
          {questions.map((item) => (
            <Accordion.Item key={item.id} value={item.id} id={item.id}>
              <Accordion.Control>
                <Text fw={600}>{item.question}</Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Text lh={1.65}>{item.answer}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        <Text>
          <Trans>
            Another question? <AnchorLink to="/contact-us">Write to us</AnchorLink>.
          </Trans>
        </Text>
      </Stack>
    </Container>
  );
}
