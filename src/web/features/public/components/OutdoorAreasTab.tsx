import { Text, Title } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { HeadingWithIntro } from '@/components/HeadingWithIntro.js';
import { useSiteContent } from '@/lib/site-content.js';
import type { OutdoorFeature } from '../site-content/types.js';
import classes from './OutdoorAreasTab.module.css';

/**
 * Outdoor Areas (docs/product.md §2): an interactive map of the grounds. Every place is a
 * button (mouse, or Tab then Enter or Space); the chosen one is described in
 * the panel beside the map.
 */
export function OutdoorAreasTab() {
  const { pages, 'outdoor-map': outdoorMap } = useSiteContent();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = outdoorMap.features.find((f) => f.id === selectedId);

  const keyDown = (feature: OutdoorFeature) => (event: KeyboardEvent<SVGGElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setSelectedId(feature.id);
    }
  };

  return (
    <>
      <HeadingWithIntro title="Outdoor Areas">{pages.outdoorAreas.intro}</HeadingWithIntro>
      <div className={classes.layout}>
        <div>
          <svg
            className={classes.map}
            viewBox={`0 0 ${outdoorMap.width} ${outdoorMap.height}`}
            width={outdoorMap.width}
            height={outdoorMap.height}
            role="group"
            aria-label={outdoorMap.title}
            aria-describedby="outdoor-map-help"
          >
            <rect className={classes.lawn} width={outdoorMap.width} height={outdoorMap.height} />
            {outdoorMap.decorations.map((d, i) => (
              <path key={i} d={d.path} className={classes[d.kind]} aria-hidden="true" />
            ))}
            {outdoorMap.features.map((feature) => (
              <g
                key={feature.id}
                role="button"
                tabIndex={0}
                aria-label={feature.name}
                aria-pressed={feature.id === selectedId}
                aria-controls="outdoor-details"
                data-feature={feature.id}
                className={`${classes.feature} ${classes[feature.kind] ?? ''}`}
                onClick={() => setSelectedId(feature.id)}
                onKeyDown={keyDown(feature)}
              >
                <path d={feature.path} className={classes.hit} />
                <path d={feature.path} className={classes.shape} />
                <path d={feature.path} className={classes.halo} />
                <path d={feature.path} className={classes.ring} />
                <text
                  x={feature.label.x}
                  y={feature.label.y}
                  className={classes.label}
                  aria-hidden="true"
                >
                  {feature.name}
                </text>
              </g>
            ))}
          </svg>
          <Text id="outdoor-map-help" size="sm" c="dimmed" mt="xs">
            Select a place on the map with the mouse, or move between places with Tab and choose one
            with Enter or Space.
          </Text>
        </div>
        <section
          id="outdoor-details"
          className={classes.panel}
          aria-live="polite"
          aria-label="Place details"
        >
          {selected ? (
            <>
              <Title order={3} mb="xs">
                {selected.name}
              </Title>
              <Text>{selected.description}</Text>
            </>
          ) : (
            <Text>No place selected yet. Choose one on the map to read about it.</Text>
          )}
        </section>
      </div>
    </>
  );
}
