import { Modal, SegmentedControl, Text, Title } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { HeadingWithIntro } from '@/components/HeadingWithIntro.js';
import { useSiteContent } from '@/lib/site-content.js';
import { areaGeometry, defaultLevelOf } from '../site-content/floorPlans.js';
import { imageUrl } from '../site-content/images.js';
import type { FloorArea } from '../site-content/types.js';
import { uploadSrcSet } from '../site-content/uploads.js';
import classes from './FloorPlansTab.module.css';
import { PhotoStepper } from './PhotoStepper.js';

interface RoomShapeProps {
  area: FloorArea;
  onOpen: (area: FloorArea) => void;
}

/** One room of the plan: a button (mouse, Enter or Space) named by its title. */
function RoomShape({ area, onOpen }: RoomShapeProps) {
  const props = {
    role: 'button',
    tabIndex: 0,
    'aria-label': area.title,
    'aria-haspopup': 'dialog' as const,
    className: classes.area,
    'data-room': area.id,
    onClick: () => onOpen(area),
    onKeyDown: (event: KeyboardEvent<SVGElement>) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onOpen(area);
      }
    },
  };
  const shape = areaGeometry(area);
  const title = <title>{area.title}</title>;
  return shape.type === 'rect' ? (
    <rect x={shape.x} y={shape.y} width={shape.width} height={shape.height} {...props}>
      {title}
    </rect>
  ) : (
    <polygon points={shape.points} {...props}>
      {title}
    </polygon>
  );
}

/**
 * Floor Plans (docs/product.md §2): the levels Second Floor, First Floor and Basement
 * (Basement first shown); a room of the plan opens its title, information and
 * photos. The level is kept in ?level= so that it can be linked to.
 */
export function FloorPlansTab() {
  const { pages, 'floor-plans': floorPlans } = useSiteContent();
  const defaultLevel = defaultLevelOf(floorPlans);
  const [params, setParams] = useSearchParams();
  const level = floorPlans.levels.find((l) => l.id === params.get('level')) ?? defaultLevel;
  const [open, setOpen] = useState<{ level: string; room: string; photo: number } | null>(null);
  const room = open?.level === level.id ? level.areas.find((a) => a.id === open.room) : undefined;

  const chooseLevel = (id: string) => {
    setOpen(null);
    setParams(id === defaultLevel.id ? {} : { level: id }, { replace: true });
  };

  return (
    <>
      <HeadingWithIntro title="Floor Plans">{pages.floorPlans.intro}</HeadingWithIntro>
      <SegmentedControl
        aria-label="Level"
        data={floorPlans.levels.map((l) => ({ value: l.id, label: l.name }))}
        value={level.id}
        onChange={chooseLevel}
        mb="md"
      />
      <figure className={classes.figure} aria-labelledby="floor-level-title">
        <Title order={3} id="floor-level-title" mb="xs">
          {level.name}
        </Title>
        <div className={classes.plan}>
          <img
            className={classes.drawing}
            src={imageUrl(level.image)}
            srcSet={uploadSrcSet(level.image)}
            alt={level.alt}
            width={level.width}
            height={level.height}
            decoding="async"
          />
          <svg
            className={classes.overlay}
            viewBox={`0 0 ${level.width} ${level.height}`}
            role="group"
            aria-label={`Rooms of the ${level.name}`}
          >
            {level.areas.map((area) => (
              <RoomShape
                key={area.id}
                area={area}
                onOpen={(a) => setOpen({ level: level.id, room: a.id, photo: 0 })}
              />
            ))}
          </svg>
        </div>
        <figcaption className={classes.hint}>
          Select a room on the plan, with the mouse or with Tab and Enter, to see its photos and
          details.
        </figcaption>
      </figure>
      <Modal
        opened={room !== undefined}
        onClose={() => setOpen(null)}
        title={room?.title ?? ''}
        size="lg"
        centered
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
        closeButtonProps={{ 'aria-label': 'Close room details' }}
      >
        {room && open ? (
          <>
            <Text mb="md">{room.info}</Text>
            <PhotoStepper
              images={room.roomImages}
              urlOf={imageUrl}
              index={open.photo}
              onIndexChange={(photo) => setOpen({ ...open, photo })}
              label={`${room.title} photos`}
              arrowKeys
            />
          </>
        ) : null}
      </Modal>
    </>
  );
}
