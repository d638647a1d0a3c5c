import { Fragment } from 'react';

/**
 * An email address that may wrap after its '@' and each '.', never inside a
 * name (a `<wbr>` after each); its text stays the plain address.
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}

/**
 * Long words (usernames, an address without dots) break inside only when
 * nothing else fits: the last resort after the `<wbr>` points.
 */
export const breakLongWords = { overflowWrap: 'anywhere' } as const;
