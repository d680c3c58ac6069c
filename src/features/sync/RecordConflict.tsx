// A change the server refused because another device changed the same fields first: both
// values of each, and the user's choice of which stay (what only one side changed is merged
// without asking). Until then the record keeps this phone's values, so nothing typed is lost.
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';

export interface ComparedField {
  label: string;
  /** As shown on the record's page; null when empty. */
  mine: string | null;
  theirs: string | null;
}

/** A field as the record's page shows it. */
export interface ShownField {
  label: string;
  value: string | null;
}

/** Both versions' shown values of `keys`, the fields both devices changed. */
export function compareFields(
  mine: Record<string, ShownField>,
  theirs: Record<string, ShownField>,
  keys: readonly string[],
): ComparedField[] {
  return keys.map((key) => ({
    label: mine[key]!.label,
    mine: mine[key]!.value || null,
    theirs: theirs[key]!.value || null,
  }));
}

/**
 * How many times the record has stopped showing a conflict: a form keyed by it starts again from
 * the record as settled, counted when the conflict goes, not when the choice is made.
 */
export function useSettledCount(inConflict: boolean): number {
  const [settled, setSettled] = useState(0);
  const [wasInConflict, setWasInConflict] = useState(inConflict);
  if (wasInConflict !== inConflict) {
    setWasInConflict(inConflict);
    if (wasInConflict) setSettled((count) => count + 1);
  }
  return settled;
}

export function RecordConflict({
  fields,
  onChoose,
}: {
  fields: ComparedField[];
  onChoose(choice: 'mine' | 'theirs'): Promise<void>;
}) {
  const { t } = useLingui();
  const [choosing, setChoosing] = useState<'mine' | 'theirs' | null>(null);
  const differing = fields.filter((field) => field.mine !== field.theirs);
  const choose = async (choice: 'mine' | 'theirs') => {
    setChoosing(choice);
    try {
      await onChoose(choice);
    } finally {
      setChoosing(null);
    }
  };
  return (
    <Alert color="orange" role="alert" title={t`Changed on another device too`}>
      <Stack gap="sm">
        <Text size="sm">
          <Trans>
            This phone and another device both changed this record before this phone's change
            reached the server. What only one of them changed is kept. For what both changed, choose
            which to keep:
          </Trans>
        </Text>
        {differing.length > 0 && (
          <Stack gap="xs" component="dl" m={0}>
            {differing.map(({ label, mine, theirs }) => {
              const ours = mine ?? '—';
              const other = theirs ?? '—';
              return (
                <div key={label}>
                  <Text component="dt" size="sm" fw={600}>
                    {label}
                  </Text>
                  <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                    <Trans>This phone: {ours}</Trans>
                  </Text>
                  <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                    <Trans>Other device: {other}</Trans>
                  </Text>
                </div>
              );
            })}
          </Stack>
        )}
        <Group gap="xs">
          <Button
            size="compact-sm"
            onClick={() => void choose('mine')}
            loading={choosing === 'mine'}
            disabled={choosing !== null}
          >
            <Trans>Keep this phone's</Trans>
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => void choose('theirs')}
            loading={choosing === 'theirs'}
            disabled={choosing !== null}
          >
            <Trans>Keep the other device's</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
