/** The words of the gallery, the floor plans and the map of the grounds. */
import { idWords, pictureWords, type KindWords } from './types.js';

export const galleryWords: KindWords = {
  albums: {
    label: 'Albums',
    description: "The gallery's albums, in the order of the gallery's side navigation.",
  },
  'albums.*': { label: 'Album' },
  'albums.*.id': idWords('Album id', 'service-day'),
  'albums.*.title': {
    label: 'Album title',
    description: "Shown in the gallery's side navigation.",
  },
  'albums.*.description': {
    label: 'About the album',
    description: 'A sentence or two shown with the album.',
    long: true,
  },
  'albums.*.images': { label: 'Pictures', description: 'In the order the album shows them.' },
  'albums.*.images.*': { label: 'Picture' },
  'albums.*.images.*.id': {
    label: 'Picture id',
    description:
      "A short name no other picture has, lower-case words joined by hyphens (e.g. pond-dock): the home page's highlighted pictures are chosen by it.",
  },
  ...pictureWords('albums.*.images.*', {
    label: 'Caption',
    description: 'The short line under the picture and in the viewer.',
  }),
};

export const floorPlansWords: KindWords = {
  defaultLevel: {
    label: 'Floor shown first',
    description: 'The floor a visitor sees when the page opens.',
  },
  levels: {
    label: 'Floors',
    description: 'In the order of the floor switch, top floor first.',
  },
  'levels.*': { label: 'Floor' },
  'levels.*.id': idWords('Floor id', 'second-floor'),
  'levels.*.name': {
    label: 'Floor name',
    description: 'As the floor switch shows it, e.g. Second Floor.',
  },
  'levels.*.image': {
    label: 'Plan drawing',
    description: 'The drawing of this floor; filled in when you upload one.',
  },
  'levels.*.alt': {
    label: 'Describe the plan for people who cannot see it',
    description: 'Required. A sentence or two on what is where on this floor.',
    long: true,
  },
  'levels.*.width': {
    label: 'Drawing width in pixels',
    description: "Filled in when you upload a drawing; the rooms' corners are measured in it.",
  },
  'levels.*.height': {
    label: 'Drawing height in pixels',
    description: 'Filled in when you upload a drawing.',
  },
  'levels.*.areas': {
    label: 'Rooms on the plan',
    description: 'The rooms a visitor can select on this floor.',
  },
  'levels.*.areas.*': { label: 'Room' },
  'levels.*.areas.*.id': idWords('Room id', 'north-bedrooms'),
  'levels.*.areas.*.shape': {
    label: 'Outline',
    description: 'A rectangle, or a polygon for any other shape.',
    options: { rect: 'Rectangle', poly: 'Polygon' },
  },
  'levels.*.areas.*.coords': {
    label: 'Corners on the drawing',
    description:
      'Pixels of the drawing separated by commas: for a rectangle left,top,right,bottom; for a polygon x,y of each corner (at least three).',
  },
  'levels.*.areas.*.title': {
    label: 'Room name',
    description: 'Names the room on the plan and above its details.',
  },
  'levels.*.areas.*.info': {
    label: 'About the room',
    description: 'A sentence or two shown when the room is selected.',
    long: true,
  },
  'levels.*.areas.*.roomImages': {
    label: 'Photos of the room',
    description: 'Shown one after the other when the room is selected; at least one.',
  },
  'levels.*.areas.*.roomImages.*': { label: 'Photo' },
  ...pictureWords('levels.*.areas.*.roomImages.*', {
    label: 'Caption',
    description: 'A short line under the photo; may be left empty.',
  }),
};

export const outdoorMapWords: KindWords = {
  width: {
    label: 'Map width',
    description:
      "The size of the map's drawing area: the places' outlines and names are placed in it.",
  },
  height: { label: 'Map height', description: 'See the width.' },
  title: {
    label: 'Name of the map',
    description: 'Read aloud to visitors who cannot see the map.',
  },
  decorations: {
    label: 'Roads and footpaths',
    description: 'Lines drawn on the map that a visitor cannot select.',
  },
  'decorations.*': { label: 'Line' },
  'decorations.*.kind': {
    label: 'Kind of line',
    options: { road: 'Road (a wide grey line)', footpath: 'Footpath (a dotted line)' },
  },
  'decorations.*.path': {
    label: 'Line drawing',
    description: "SVG path data in the map's units, e.g. M0 500H800.",
  },
  features: {
    label: 'Places',
    description: 'The places a visitor can select, in the order keyboard users reach them.',
  },
  'features.*': { label: 'Place' },
  'features.*.id': idWords('Place id', 'pond'),
  'features.*.name': {
    label: 'Name of the place',
    description: "Written on the map and above the place's description.",
  },
  'features.*.kind': {
    label: 'How it is drawn',
    options: {
      boundary: 'Boundary (a dashed outline)',
      building: 'Building',
      paved: 'Paved area',
      water: 'Water',
      stream: 'Stream (a wide blue line)',
      structure: 'Wooden structure',
      trees: 'Trees',
    },
  },
  'features.*.path': {
    label: 'Outline',
    description: "SVG path data in the map's units, e.g. M650 300h90v80h-90Z.",
  },
  'features.*.label': {
    label: 'Where its name is written',
    description: "A point in the map's units.",
  },
  'features.*.label.x': { label: 'From the left (x)' },
  'features.*.label.y': { label: 'From the top (y)' },
  'features.*.description': {
    label: 'About the place',
    description: 'Shown in the panel beside the map when the place is selected.',
    long: true,
  },
};
