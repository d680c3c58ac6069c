// /choose-company: an admin opened a company page (invoices, customers, products …) without
// having chosen a company; picking one goes on to that page.
import { Card, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { safeNext } from '../../app/guard';
import { usePageTitle } from '../../app/usePageTitle';
import { useSession } from '../../stores/session';
import { CompanyPicker, toActing } from './CompanyPicker';

export function ChooseCompanyPage({ next }: { next: string | undefined }) {
  const { t } = useLingui();
  usePageTitle(t`Choose a company`);
  const navigate = useNavigate();
  const acting = useSession((state) => state.actingCompany);
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        <Trans>Choose a company</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>
          Invoices, customers and products belong to one company. Choose the one to work in; you can
          change it at any time from the menu.
        </Trans>
      </Text>
      <Card withBorder radius="lg" padding="lg">
        <CompanyPicker
          current={acting?.id ?? null}
          onPick={async (company) => {
            await useSession.getState().setActingCompany(toActing(company));
            await navigate({ href: safeNext(next, window.location.origin), replace: true });
          }}
        />
      </Card>
    </Stack>
  );
}
