/** The floor plans of the house (the site content's 'floor-plans'; docs/site-content.md). */
import type { FloorArea, FloorLevel, FloorPlansContent } from './types.js';

/** The level shown first. */
export function defaultLevelOf(floorPlans: FloorPlansContent): FloorLevel {
  return (
    floorPlans.levels.find((level) => level.id === floorPlans.defaultLevel) ?? floorPlans.levels[0]!
  );
}

export function coordsOf(area: FloorArea): number[] {
  return area.coords.split(',').map(Number);
}

/** An area as SVG geometry in the plan's own pixels. */
export function areaGeometry(
  area: FloorArea,
):
  | { type: 'rect'; x: number; y: number; width: number; height: number }
  | { type: 'poly'; points: string } {
  const c = coordsOf(area);
  if (area.shape === 'rect') {
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = c;
    return {
      type: 'rect',
      x: Math.min(x1, x2),
      y: Math.min(y1, y2),
      width: Math.abs(x2 - x1),
      height: Math.abs(y2 - y1),
    };
  }
  const points: string[] = [];
  for (let i = 0; i + 1 < c.length; i += 2) points.push(`${c[i]},${c[i + 1]}`);
  return { type: 'poly', points: points.join(' ') };
}
