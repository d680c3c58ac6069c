// The dashboard's period: today, this week, this month or this year, each compared with the
// period before it (as far into it as the current one has gone).
import { useLingui } from '@lingui/react/macro';
import { datePresetLabels } from '../../../domain/date-range';
import { DASHBOARD_PRESETS } from '../reports/search';
import { Choices } from '../../app/Choices';

export type DashboardPreset = (typeof DASHBOARD_PRESETS)[number];

export function DashboardPeriod({
  value,
  onChange,
}: {
  value: DashboardPreset;
  onChange(next: DashboardPreset): void;
}) {
  const { t, i18n } = useLingui();
  return (
    <Choices<DashboardPreset>
      aria-label={t`Period`}
      value={value}
      onChange={onChange}
      data={DASHBOARD_PRESETS.map((preset) => ({
        value: preset,
        label: i18n._(datePresetLabels[preset]),
      }))}
      fullWidth
      maxWidth={520}
      // Four periods share a 320 px phone: labels wrap rather than push the last one out.
      wrap
      data-testid="dashboard-period"
    />
  );
}
