// Under a paged administration list: how many rows of how many are shown, and the next page
// on demand (with what went wrong if it did not come).
import { Button, Group, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { LoadState } from './LoadState';
import type { ServerPages } from './useServerPages';

export function ListMore({ list }: { list: ServerPages<{ id: string }> }) {
  const shown = list.items?.length ?? 0;
  const total = Math.max(list.total, shown);
  if (!list.items || !list.paged) return null;
  return (
    <>
      <LoadState loading={false} failure={list.moreFailure} onRetry={list.more} />
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid="list-count">
          <Trans>
            {shown} of {total}
          </Trans>
        </Text>
        {shown < total && (
          <Button variant="light" loading={list.loadingMore} onClick={list.more}>
            <Trans>Show more</Trans>
          </Button>
        )}
      </Group>
    </>
  );
}
