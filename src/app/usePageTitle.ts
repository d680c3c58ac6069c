import { useEffect } from 'react';

/** Sets the browser tab's title to "<page> · Risiti" while the page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = [title, 'Risiti'].filter(Boolean).join(' · ');
  }, [title]);
}
