// A company's figures for the dashboard's period, as its owner sees them: loaded on its own, so
// an operator's dashboard never waits for it.
import { Loader, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { WARNING_TEXT } from '../../app/theme';
import { useToday } from './DashboardHeader';
import type { DashboardPreset } from './DashboardPeriod';
import { OwnerOverview } from './OwnerOverview';
import { useOwnerDashboard } from './useOwnerDashboard';

export default function CompanyFigures({
  companyId,
  own,
  preset,
}: {
  companyId: string;
  own: boolean;
  preset: DashboardPreset;
}) {
  const { t } = useLingui();
  const now = useToday();
  const { figures, source, loading } = useOwnerDashboard(companyId, preset, own, now);
  if (!figures) {
    return loading ? (
      <Loader role="status" aria-label={t`Loading`} />
    ) : (
      <Text c={WARNING_TEXT}>
        <Trans>The server cannot be reached, and this phone has no figures yet.</Trans>
      </Text>
    );
  }
  return <OwnerOverview figures={figures} source={source} />;
}
