// Under a paged administration list: how many rows of how many are shown, and the next page
// on demand (with what went wrong if it did not come).
import { Button, Group, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { ApiFailure } from '../../api/errors';
import { LoadState } from './LoadState';
import type { ServerPages } from './useServerData';

export function ListMore({ list }: { list: ServerPages<{ id: string }> }) {
  if (!list.items || !list.paged) return null;
  return (
    <MoreRows
      shown={list.items.length}
      total={list.total}
      loading={list.loadingMore}
      failure={list.moreFailure}
      onMore={list.more}
    />
  );
}

/** The count and the button, for a list that pages its own way. */
export function MoreRows({
  shown,
  total: counted,
  loading,
  failure,
  onMore,
}: {
  shown: number;
  total: number;
  loading: boolean;
  failure: ApiFailure | null;
  onMore(): void;
}) {
  const total = Math.max(counted, shown);
  return (
    <>
      <LoadState loading={false} failure={failure} onRetry={onMore} />
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid="list-count">
          <Trans>
            {shown} of {total}
          </Trans>
        </Text>
        {shown < total && (
          <Button variant="light" loading={loading} onClick={onMore}>
            <Trans>Show more</Trans>
          </Button>
        )}
      </Group>
    </>
  );
}
