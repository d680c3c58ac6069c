// The period of a report: the presets of spec §9 and a custom range (days typed as DD-MM-YYYY,
// or picked on the phone's calendar). A custom range that cannot be reported says why.
import { Group, Select } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { DATE_PRESETS, datePresetLabels, type DatePreset } from '../../../domain/date-range';
import { DayInput } from '../../forms/DayInput';
import { customPeriodErrors } from './period';

export interface PeriodValue {
  preset: DatePreset;
  from?: string | undefined;
  to?: string | undefined;
}

export function PeriodPicker({
  value,
  onChange,
}: {
  value: PeriodValue;
  onChange(next: PeriodValue): void;
}) {
  const { t, i18n } = useLingui();
  const custom = value.preset === 'custom';
  const errors = customPeriodErrors(value, i18n);
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Select
        label={t`Period`}
        data={DATE_PRESETS.map((preset) => ({
          value: preset,
          label: i18n._(datePresetLabels[preset]),
        }))}
        value={value.preset}
        onChange={(preset) => preset && onChange({ ...value, preset: preset as DatePreset })}
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
        data-testid="period"
      />
      {custom && (
        <>
          <DayInput
            label={t`From`}
            value={value.from}
            onChange={(from) => onChange({ ...value, from })}
            error={errors.from}
            w={{ base: '100%', xs: 170 }}
          />
          <DayInput
            label={t`To`}
            value={value.to}
            min={value.from}
            onChange={(to) => onChange({ ...value, to })}
            error={errors.to}
            w={{ base: '100%', xs: 170 }}
          />
        </>
      )}
    </Group>
  );
}
