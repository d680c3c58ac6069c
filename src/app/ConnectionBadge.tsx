import { Badge, Tooltip } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconCloudOff } from '@tabler/icons-react';
import { useConnection } from '../stores/connection';

/** Shown while the server does not answer: the app keeps working from this phone's data. */
export function ConnectionBadge() {
  const { t } = useLingui();
  const status = useConnection((state) => state.status);
  if (status !== 'offline') return null;
  return (
    <Tooltip
      label={t`Risiti keeps working on this phone and sends your work when the server answers again.`}
      multiline
      w={260}
    >
      <Badge color="orange" variant="light" leftSection={<IconCloudOff size={14} />} role="status">
        {t`Offline`}
      </Badge>
    </Tooltip>
  );
}
