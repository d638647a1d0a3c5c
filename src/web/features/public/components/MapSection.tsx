import { Anchor, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { addressLines, mapEmbedUrl, mapPageUrl } from '../site-content/site.js';
import { useHydrated } from '@/components/useHydrated.js';
import { useSiteContent } from '@/lib/site-content.js';
import classes from './MapSection.module.css';

/**
 * True once the element comes within `margin` of the viewport (at once where
 * the browser cannot tell).
 */
function useNearViewport(margin: string) {
  const ref = useRef<HTMLDivElement>(null);
  // False in the prerendered HTML and in the render that hydrates it, so both agree.
  const hydrated = useHydrated();
  const canObserve = typeof IntersectionObserver !== 'undefined';
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !canObserve || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, canObserve, margin]);
  return { ref, near: hydrated && (seen || !canObserve) };
}

/**
 * The house on an OpenStreetMap frame, with the address as plain text beside
 * it: the page still says where the house is when the frame cannot load.
 * The frame (a whole map application) is added only when the visitor scrolls
 * near it, so it does not compete with the page for a phone's first seconds;
 * its box holds the place meanwhile.
 */
export function MapSection() {
  const { facility } = useSiteContent();
  const lines = addressLines(facility.address);
  const { ref, near } = useNearViewport('200px');
  return (
    <div className={classes.layout}>
      <div ref={ref} className={classes.frame}>
        {near ? (
          <iframe
            className={classes.map}
            src={mapEmbedUrl(facility.map)}
            title={`Map showing ${lines.slice(0, 2).join(', ')}`}
            loading="lazy"
            width="640"
            height="320"
          />
        ) : null}
      </div>
      <Stack gap="xs">
        <Text fw={700} component="h3" size="md" m={0}>
          Address
        </Text>
        <address className={classes.address}>
          {lines.map((line) => (
            <span key={line}>
              {line}
              <br />
            </span>
          ))}
        </address>
        <Anchor href={mapPageUrl(facility.map)} target="_blank" rel="noopener noreferrer">
          Open the map on OpenStreetMap (new tab)
        </Anchor>
      </Stack>
    </div>
  );
}
