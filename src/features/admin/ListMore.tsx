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
      hasMore={list.hasMore}
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
  hasMore = counted !== null && shown < counted,
  loading,
  failure,
  onMore,
}: {
  shown: number;
  /** What the server counted; null for a list it does not count. */
  total: number | null;
  hasMore?: boolean;
  loading: boolean;
  failure: ApiFailure | null;
  onMore(): void;
}) {
  const total = counted === null ? null : Math.max(counted, shown);
  return (
    <>
      <LoadState loading={false} failure={failure} onRetry={onMore} />
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid="list-count">
          {total === null ? (
            <Trans>{shown} shown</Trans>
          ) : (
            <Trans>
              {shown} of {total}
            </Trans>
          )}
        </Text>
        {hasMore && (
          <Button variant="light" loading={loading} onClick={onMore}>
            <Trans>Show more</Trans>
          </Button>
        )}
      </Group>
    </>
  );
}
