import { useEffect } from 'react';

/** Sets document.title for a screen ('{screen} - Festivales', like the title of a shared link). */
export function usePageTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} - Festivales`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
