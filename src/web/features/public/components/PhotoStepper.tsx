import { Button, Group, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useIsPhone } from '@/components/useIsPhone.js';
import type { ContentImage } from '../site-content/types.js';
import { ContentPicture } from './ContentPicture.js';
import classes from './PhotoStepper.module.css';

export interface PhotoStepperProps {
  images: ContentImage[];
  /** The URL of a picture of `images`. */
  urlOf: (src: string) => string;
  index: number;
  onIndexChange: (index: number) => void;
  /** Names the carousel, e.g. "Chapel photos". */
  label: string;
  /** The noun of the buttons: "Previous photo", "Next photo". */
  noun?: string;
  /** Left and right arrow keys step too (inside a dialog). */
  arrowKeys?: boolean;
}

/**
 * One picture at a time with its caption, Previous and Next buttons (wrapping
 * around) and a "2 of 3" counter that screen readers announce. On a phone the
 * buttons show only their arrows (named "Previous photo", "Next photo").
 */
export function PhotoStepper({
  images,
  urlOf,
  index,
  onIndexChange,
  label,
  noun = 'photo',
  arrowKeys = false,
}: PhotoStepperProps) {
  const phone = useIsPhone();
  const count = images.length;
  const current = images[Math.min(Math.max(index, 0), count - 1)];
  const step = (delta: number) => onIndexChange((index + delta + count) % count);

  useWindowEvent('keydown', (event) => {
    if (!arrowKeys || count < 2 || event.defaultPrevented) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
  });

  if (!current) return null;
  return (
    <div role="group" aria-roledescription="carousel" aria-label={label}>
      {/* A <figure> may not take the group role: the slide is a div around it. */}
      <div role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${count}`}>
        <figure className={classes.figure}>
          <div className={classes.frame}>
            <ContentPicture
              image={current}
              url={urlOf(current.src)}
              // At most the width of the dialog it is shown in.
              sizes="(min-width: 50em) 780px, 100vw"
              loading="eager"
              className={classes.picture}
            />
          </div>
          {current.caption ? (
            <figcaption className={classes.caption}>{current.caption}</figcaption>
          ) : null}
        </figure>
      </div>
      {count > 1 ? (
        <Group justify="space-between" mt="sm" gap="xs" wrap="nowrap" preventGrowOverflow={false}>
          <Button
            variant="default"
            className={classes.step}
            onClick={() => step(-1)}
            aria-label={`Previous ${noun}`}
          >
            {phone ? (
              <span aria-hidden="true">←</span>
            ) : (
              <>
                <span aria-hidden="true">←&nbsp;</span>Previous
              </>
            )}
          </Button>
          <Text
            aria-live="polite"
            aria-atomic="true"
            size="sm"
            ta="center"
            className={classes.counter}
          >
            {`${noun[0]?.toUpperCase()}${noun.slice(1)} ${index + 1} of ${count}`}
          </Text>
          <Button
            variant="default"
            className={classes.step}
            onClick={() => step(1)}
            aria-label={`Next ${noun}`}
          >
            {phone ? (
              <span aria-hidden="true">→</span>
            ) : (
              <>
                Next<span aria-hidden="true">&nbsp;→</span>
              </>
            )}
          </Button>
        </Group>
      ) : null}
    </div>
  );
}
