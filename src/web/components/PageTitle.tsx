import { Title, type TitleProps } from '@mantine/core';
import { useEffect } from 'react';
import { BUILT_IN_FACILITY_NAME } from '../lib/api/facility.js';

export const SITE_TITLE = BUILT_IN_FACILITY_NAME;

/** Sets the browser tab title for the current screen. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_TITLE}` : SITE_TITLE;
  }, [title]);
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
