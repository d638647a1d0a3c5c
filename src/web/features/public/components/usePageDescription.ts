import { useEffect } from 'react';

/**
 * Sets the page's `<meta name="description">` while the page is shown, and
 * puts the previous text back when it goes (other pages keep the site's own).
 */
export function usePageDescription(description: string): void {
  useEffect(() => {
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
  }, [description]);
}
