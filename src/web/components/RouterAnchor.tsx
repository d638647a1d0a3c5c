import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';

/** A Mantine-styled link that navigates inside the app. */
export function RouterAnchor({
  to,
  children,
  ...rest
}: AnchorProps & { to: To; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} {...rest}>
      {children}
    </Anchor>
  );
}
