import { Anchor, Stack, Text } from '@mantine/core';
import { addressLines, facility, mapEmbedUrl, mapPageUrl } from '../site-content/site.js';
import classes from './MapSection.module.css';

/**
 * The house on an OpenStreetMap frame, with the address as plain text beside
 * it: the page still says where the house is when the frame cannot load.
 */
export function MapSection() {
  const lines = addressLines(facility.address);
  return (
    <div className={classes.layout}>
      <iframe
        className={classes.frame}
        src={mapEmbedUrl(facility.map)}
        title={`Map showing ${lines.slice(0, 2).join(', ')}`}
        loading="lazy"
        width="640"
        height="320"
      />
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
