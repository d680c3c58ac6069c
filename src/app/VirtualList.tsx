// A list that renders only the rows on screen, scrolled with the page (not a box of its own),
// so 10,000 customers cost what 20 do. Rows have one fixed height.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowVirtualizer, windowScroll, type Virtualizer } from '@tanstack/react-virtual';
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
 * Calls `onTop` with where `element` starts on the page, as the browser lays out its next frame
 * (an IntersectionObserver's first report), rather than making it lay the page out on the spot:
 * on a freshly loaded page that was a second layout of the whole page before its first paint.
 */
function whenLaidOut(element: HTMLElement | null, onTop: (top: number) => void) {
  if (!element) return;
  if (typeof IntersectionObserver === 'undefined') {
    onTop(topOnPage(element));
    return;
  }
  const observer = new IntersectionObserver(([entry]) => {
    observer.disconnect();
    if (entry) onTop(entry.boundingClientRect.top + window.scrollY);
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * The window's size each time it changes. Its size at the start is `initialRect`, read in the
 * first render: the library's own observer reads it again on mounting, and on a phone that
 * makes the browser lay the new page out in the middle of the commit.
 */
function observeWindowResize(
  _instance: Virtualizer<Window, Element>,
  onRect: (rect: { width: number; height: number }) => void,
) {
  const update = () => onRect({ width: window.innerWidth, height: window.innerHeight });
  window.addEventListener('resize', update, { passive: true });
  return () => window.removeEventListener('resize', update);
}

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
  // relative to the list): it is read from the browser's own layout of the first frame. Scrolled
  // down, the rows on screen depend on it: measured before the paint.
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the window is scrolled, read in the first render: the page has not changed yet, so
  // reading it lays nothing out.
  const [startOffset] = useState(() => window.scrollY);
  useLayoutEffect(() => {
    if (startOffset > 0) setScrollMargin(topOnPage(listRef.current));
  }, [startOffset]);
  useEffect(() => whenLaidOut(listRef.current, setScrollMargin), []);
  const wroteScroll = useRef(false);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    overscan: 8,
    scrollMargin,
    // The window's size from the first render: otherwise it is read after mounting, and the
    // rows on screen drawn again, before the first paint.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    initialOffset: startOffset,
    observeElementRect: observeWindowResize,
    scrollToFn: (offset, options, instance) => {
      // Its first write, on mounting, puts the window where it already is: as a scroll, it
      // would make the browser lay out the new page in the middle of the commit.
      const first = !wroteScroll.current;
      wroteScroll.current = true;
      if (first && offset === startOffset && !options.adjustments) return;
      windowScroll(offset, options, instance);
    },
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
