import { useEffect } from 'react';

/** Sets document.title for a screen ('{screen} - Festivales', like the share title of spec §1). */
export function usePageTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} - Festivales`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
