import { useEffect } from 'react';
import { useIsContentPreview } from '@/lib/site-content.js';

/**
 * Sets the page's `<meta name="description">` while the page is shown, and
 * puts the previous text back when it goes (other pages keep the site's own).
 * A preview inside another page leaves it alone.
 */
export function usePageDescription(description: string): void {
  const preview = useIsContentPreview();
  useEffect(() => {
    if (preview) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description, preview]);
}
