// A list that renders only the rows on screen, scrolled with the page (not a box of its own),
// so 10,000 customers cost what 20 do. Rows have one fixed height.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
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

const topOnPage = (element: HTMLElement | null) =>
  element ? element.getBoundingClientRect().top + window.scrollY : 0;

/**
 * The rows of a list scrolled with the page that are on screen (and a few either side), for a
 * list of rows of one height: attach `listRef` to the list's element.
 */
export function useRowsOnScreen(
  count: number,
  rowHeight: number,
  getKey: (index: number) => string,
) {
  const listRef = useRef<HTMLDivElement>(null);
  // Where the list starts on the page. At the top of the page, the rows drawn before it is
  // known are the rows on screen and a few more, in the same places (each row is placed
  // relative to the list): it is measured after the first paint rather than rendering the list
  // again before it. Scrolled down, the rows on screen depend on it: measured before the paint.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    if (window.scrollY > 0) setScrollMargin(topOnPage(listRef.current));
  }, []);
  useEffect(() => setScrollMargin(topOnPage(listRef.current)), []);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    overscan: 8,
    scrollMargin,
    // The window's size from the first render: otherwise it is read after mounting, and the
    // rows on screen drawn again, before the first paint.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    getItemKey: getKey,
  });
  return { listRef, virtualizer, scrollMargin };
}

export function VirtualList<T>({
  items,
  rowHeight,
  getKey,
  renderRow,
  label,
}: VirtualListProps<T>) {
  const { listRef, virtualizer, scrollMargin } = useRowsOnScreen(items.length, rowHeight, (index) =>
    getKey(items[index]!),
  );
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
