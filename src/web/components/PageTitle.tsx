import { Title, type TitleProps } from '@mantine/core';
import { useEffect } from 'react';
import { useIsContentPreview, useSiteContent } from '../lib/site-content.js';

/**
 * Sets the browser tab title for the current screen, after the house's name
 * from the site content (docs/site-content.md); a preview leaves it alone.
 */
export function useDocumentTitle(title: string): void {
  const site = useSiteContent().facility.name;
  const preview = useIsContentPreview();
  useEffect(() => {
    if (!preview) document.title = title ? `${title} | ${site}` : site;
  }, [title, site, preview]);
}

export type PageTitleProps = Omit<TitleProps, 'order' | 'children'> & {
  children: string;
  /** The browser tab title when it differs from the heading. */
  documentTitle?: string;
};

/** The one h1 of a page; also names the browser tab. */
export function PageTitle({ children, documentTitle, ...rest }: PageTitleProps) {
  useDocumentTitle(documentTitle ?? children);
  return (
    <Title order={1} mb="md" {...rest}>
      {children}
    </Title>
  );
}
