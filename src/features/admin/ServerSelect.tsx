// A searchable select over a list that lives on the server (organizations, companies): what the
// user types is searched there, so the hundredth organization is as easy to pick as the first.
// The picked option stays in the list while other searches come and go. Each option may carry a
// second, dimmed line that tells two of the same name apart (an owner, a TIN).
import { useDeferredValue, useState, type ReactNode } from 'react';
import { Select, Stack, Text, type SelectProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { Page } from '../../api/admin';
import { useServerData } from './useServerData';

export interface ServerOption {
  value: string;
  label: string;
}

type Props<T> = Omit<
  SelectProps,
  'data' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter' | 'onChange'
> & {
  load(search: string): Promise<Page<T>>;
  toOption(item: T): ServerOption;
  /** The option's second line. */
  detail?(item: T): ReactNode;
  /** The option already chosen when the form opens (an edit, a report's company). */
  initial?: ServerOption | undefined;
  /** Options above what the server found, whatever the search (a report's "All companies"). */
  leading?: ServerOption[] | undefined;
  onChange?(value: string | null, item: T | null): void;
};

export function ServerSelect<T>({
  load,
  toOption,
  detail,
  initial,
  leading = [],
  onChange,
  ...props
}: Props<T>) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [pickedHere, setPicked] = useState<ServerOption | null>(null);
  const picked = pickedHere ?? initial ?? null;
  // The label of the chosen option in the box is not a search: show the first page then.
  const search = useDeferredValue(
    [picked, ...leading].some((option) => option?.label === text) ? '' : text.trim(),
  );
  const found = useServerData(() => load(search), [search]);
  const items = found.data?.items ?? [];
  const options = [...leading, ...items.map(toOption)];
  if (picked && !options.some((option) => option.value === picked.value)) options.push(picked);
  const details = new Map(
    detail ? items.map((item) => [toOption(item).value, detail(item)] as const) : [],
  );
  const total = found.data?.total ?? 0;
  const shown = items.length;

  return (
    <Select
      {...props}
      searchable
      data={options}
      searchValue={text}
      onSearchChange={setText}
      // The server already chose the rows; filtering them again by label would hide a match
      // on another field (an owner's name, a TIN).
      filter={({ options: all }) => all}
      renderOption={({ option }) => {
        const second = details.get(option.value);
        if (second === undefined) return option.label;
        return (
          <Stack gap={0}>
            <span>{option.label}</span>
            <Text component="span" size="xs" c="dimmed">
              {second}
            </Text>
          </Stack>
        );
      }}
      nothingFoundMessage={
        found.failure?.message ?? (found.loading ? t`Loading` : t`Nothing matches this search.`)
      }
      description={
        props.description ??
        (total > shown ? t`Showing ${shown} of ${total}: type to narrow.` : undefined)
      }
      onChange={(value) => {
        const index = items.findIndex((item) => toOption(item).value === value);
        const item = index >= 0 ? items[index]! : null;
        setPicked(value ? (options.find((option) => option.value === value) ?? null) : null);
        onChange?.(value, item);
      }}
    />
  );
}
