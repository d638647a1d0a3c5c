/** The kinds of content the staff edit, in plain words (docs/site-content.md). */
import {
  CONTENT_NAMES,
  isContentName,
  PUBLIC_CONTENT_NAMES,
  type ContentName,
} from '../../../shared/site-content.js';

export { CONTENT_NAMES, isContentName, type ContentName };

/** The kinds the public pages show, which the app may preview as those pages. */
export type PublicContentName = (typeof PUBLIC_CONTENT_NAMES)[number];

export const isPublicContentName = (name: ContentName): name is PublicContentName =>
  (PUBLIC_CONTENT_NAMES as readonly ContentName[]).includes(name);

export interface KindWords {
  title: string;
  /** What it is and where it shows, for the list of kinds. */
  description: string;
}

export const KINDS: Record<ContentName, KindWords> = {
  facility: {
    title: 'House and address',
    description:
      "The house's name and short description, its address and where the map marker goes.",
  },
  pages: {
    title: 'Page texts',
    description:
      'The headings and texts of the home, About, Gallery and Facilities pages, and what search engines show of each.',
  },
  gallery: {
    title: 'Gallery',
    description: 'The albums of the Gallery page: their pictures, captions and descriptions.',
  },
  'floor-plans': {
    title: 'Floor plans',
    description: 'The drawing of each floor and the rooms a visitor can select on it, with photos.',
  },
  'outdoor-map': {
    title: 'Map of the grounds',
    description:
      'The places on the map of the grounds and what the panel beside the map says of each.',
  },
  pricing: {
    title: 'Prices and cancellation',
    description:
      'What a stay costs: prices per guest and night, meal plans, the deposit, when the balance and the final count are due, and refunds on cancellation.',
  },
  arrival: {
    title: 'Arrival information',
    description:
      'What a group needs to know to arrive: times, keys, parking, what to bring. Sent in the mail a few days before a stay.',
  },
  agreement: {
    title: 'Facility agreement',
    description: "The terms a group's leader reads and accepts before the first payment.",
  },
  rooms: {
    title: 'Bedrooms',
    description: "The bedrooms and their beds, for the rooming board of a group's questionnaire.",
  },
};

/** The kinds the house may have none of: their editor then starts empty. */
export const OPTIONAL_KINDS: readonly ContentName[] = ['agreement', 'rooms'];
