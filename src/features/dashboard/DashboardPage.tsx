// /dashboard (spec §1, §2): what each person opens the app for. An operator sees the counter
// from this phone (today's sales, what waits, the last invoices, shortcuts); an owner also sees
// the period's figures against the period before; an organization admin sees a line per company
// and can open one; a platform admin sees whom they work for. The guided tour starts on a first
// visit of someone who works at a counter (the Help menu runs it).
import { lazy, Suspense } from 'react';
import { Anchor, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconArrowLeft, IconBuildingStore } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { worksInCompany, type SessionUser } from '../../../domain/roles';
import { usePageTitle } from '../../app/usePageTitle';
import { useSession } from '../../stores/session';
import { CounterCards } from './CounterCards';
import { DashboardHeader, useToday } from './DashboardHeader';
import { DashboardPeriod, type DashboardPreset } from './DashboardPeriod';
import { QuickActions } from './QuickActions';

const CompanyFigures = lazy(() => import('./CompanyFigures'));
const OrganizationOverview = lazy(() => import('./OrganizationOverview'));
const InsightsPanel = lazy(() => import('../insights/InsightsPanel'));

const route = getRouteApi('/_app/dashboard');

function PlatformCard() {
  return (
    <Card withBorder radius="lg" padding="lg" maw={480}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light">
          <IconBuildingStore size={24} />
        </ThemeIcon>
        <div>
          <Text size="sm" c="dimmed">
            <Trans>Working for</Trans>
          </Text>
          <Text fw={700} fz="lg" data-testid="company-name">
            <Trans>Risiti platform administration</Trans>
          </Text>
        </div>
      </Group>
    </Card>
  );
}

function Views({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/dashboard' });
  const today = useToday();
  const preset: DashboardPreset = search.period ?? 'today';
  const setPreset = (period: DashboardPreset) =>
    void navigate({ search: (previous) => ({ ...previous, period }), replace: true });
  const companyId = user.company?.id ?? null;

  if (worksInCompany(user.role) && companyId) {
    return (
      <Stack gap="lg">
        <QuickActions />
        <CounterCards companyId={companyId} today={today} />
        {user.role === 'company_owner' && (
          <Stack gap="md" component="section" aria-labelledby="figures-title">
            <Title order={2} fz="h3" id="figures-title">
              <Trans>How the business is doing</Trans>
            </Title>
            <DashboardPeriod value={preset} onChange={setPreset} />
            <Suspense fallback={<Loader role="status" aria-label={t`Loading`} />}>
              <CompanyFigures companyId={companyId} own preset={preset} />
            </Suspense>
            <Suspense fallback={null}>
              <InsightsPanel preset={preset} />
            </Suspense>
          </Stack>
        )}
      </Stack>
    );
  }
  if (user.role === 'org_admin') {
    return (
      <Stack gap="md">
        <DashboardPeriod value={preset} onChange={setPreset} />
        {search.company ? (
          <>
            <Anchor
              component="button"
              type="button"
              onClick={() =>
                void navigate({ search: (previous) => ({ ...previous, company: undefined }) })
              }
            >
              <Group gap={4}>
                <IconArrowLeft size={16} />
                {t`All companies`}
              </Group>
            </Anchor>
            <Suspense fallback={<Loader role="status" aria-label={t`Loading`} />}>
              <CompanyFigures companyId={search.company} own={false} preset={preset} />
            </Suspense>
            <Suspense fallback={null}>
              <InsightsPanel companyId={search.company} preset={preset} />
            </Suspense>
          </>
        ) : (
          <OrganizationOverview
            preset={preset}
            onOpen={(company) =>
              void navigate({ search: (previous) => ({ ...previous, company }) })
            }
          />
        )}
      </Stack>
    );
  }
  return <PlatformCard />;
}

export function DashboardPage() {
  const { t } = useLingui();
  usePageTitle(t`Dashboard`);
  const user = useSession((state) => state.user);
  if (!user) return null;
  return (
    <Stack gap="lg" maw={1100}>
      <DashboardHeader user={user} />
      <Views user={user} />
    </Stack>
  );
}
