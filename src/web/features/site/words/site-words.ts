/** The words of the house's own fields and of the page texts. */
import { searchSummary, type KindWords } from './types.js';

export const facilityWords: KindWords = {
  name: {
    label: 'Name of the house',
    description:
      "Shown in the page header and footer, as the home page's title and in every e-mail.",
  },
  description: {
    label: 'Short description',
    description: 'One or two sentences under the name on the home and About pages.',
    long: true,
  },
  address: {
    label: 'Address',
    description: 'Shown as text beside the map on the home and About pages.',
  },
  'address.street': { label: 'Street and number' },
  'address.city': { label: 'Town or city' },
  'address.region': { label: 'State or region' },
  'address.postalCode': { label: 'Postal code' },
  'address.country': { label: 'Country' },
  map: {
    label: 'Map',
    description: 'Where the marker goes on the map of the home and About pages.',
  },
  'map.latitude': {
    label: 'Latitude',
    description:
      'In decimal degrees, e.g. 32.5801 (south of the equator is negative). Map apps show it when you press and hold a place.',
  },
  'map.longitude': {
    label: 'Longitude',
    description: 'In decimal degrees, e.g. -96.3162 (west of Greenwich is negative).',
  },
  'map.span': {
    label: 'How much of the area the map shows',
    description:
      'Degrees of longitude either side of the marker: 0.008 shows the grounds and the roads around, 0.02 a wider area.',
  },
};

const intro = (page: string) => ({
  label: 'Introduction',
  description: `The text under the title of the ${page}.`,
  long: true,
});

export const pagesWords: KindWords = {
  home: { label: 'Home page' },
  'home.description': searchSummary,
  'home.aboutHeading': {
    label: 'Heading of the introduction',
    description: 'The heading of the short section that introduces the house.',
  },
  'home.aboutBlurb': {
    label: 'Introduction',
    description: 'A few sentences about the house, with a link to the About page.',
    long: true,
  },
  'home.highlightsHeading': {
    label: 'Heading of the highlighted pictures',
  },
  'home.highlights': {
    label: 'Highlighted pictures',
    description: 'The three pictures of the gallery shown on the home page.',
  },
  'home.highlights.*': { label: 'Picture' },
  about: { label: 'About page' },
  'about.description': searchSummary,
  'about.welcomeHeading': { label: 'Welcome heading' },
  'about.paragraphs': {
    label: 'Welcome text',
    description: "The About page's text, one entry per paragraph.",
  },
  'about.paragraphs.*': { label: 'Paragraph', long: true },
  'about.directionsHeading': { label: 'Heading of the directions' },
  'about.directions': {
    label: 'How to get here',
    description: 'Directions to the house, shown above the map on the About page.',
    long: true,
  },
  gallery: { label: 'Gallery page' },
  'gallery.description': searchSummary,
  'gallery.intro': intro('Gallery'),
  floorPlans: { label: 'Floor plans page' },
  'floorPlans.description': searchSummary,
  'floorPlans.intro': intro('Floor Plans tab'),
  outdoorAreas: { label: 'Outdoor areas page' },
  'outdoorAreas.description': searchSummary,
  'outdoorAreas.intro': intro('Outdoor Areas tab'),
  availability: {
    label: 'Availability page',
    description:
      'Its text is the calendar itself; only the summary for search engines is set here.',
  },
  'availability.description': searchSummary,
};
