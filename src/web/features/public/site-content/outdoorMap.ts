/** The map of the grounds (content/outdoor-map.json). */
import outdoorJson from '../../../../../content/outdoor-map.json';
import type { OutdoorMapContent } from './types.js';

export const outdoorMap = outdoorJson as OutdoorMapContent;
