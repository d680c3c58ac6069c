// A list that renders only the rows on screen, scrolled with the page (not a box of its own),
// so 10,000 customers cost what 20 do. Rows have one fixed height.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import classes from './RecordList.module.css';

export interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  getKey(item: T): string;
  renderRow(item: T): ReactNode;
  /** The list's accessible name. */
  label: string;
}

export function VirtualList<T>({
  items,
  rowHeight,
  getKey,
  renderRow,
  label,
}: VirtualListProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const element = listRef.current;
    if (element) setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => rowHeight,
    overscan: 8,
    scrollMargin,
    getItemKey: (index) => getKey(items[index]!),
  });
  return (
    <div
      ref={listRef}
      role="list"
      aria-label={label}
      className={classes.list}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          role="listitem"
          aria-setsize={items.length}
          aria-posinset={row.index + 1}
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            height: rowHeight,
            transform: `translateY(${row.start - scrollMargin}px)`,
          }}
        >
          {renderRow(items[row.index]!)}
        </div>
      ))}
    </div>
  );
}

export const rowClasses = classes;
