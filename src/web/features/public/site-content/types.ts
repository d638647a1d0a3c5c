/**
 * The shapes of the house's content files (content/*.json, described in
 * content/README.md). The server checks the same files when it starts
 * (src/server/content.ts); here they are only typed.
 */

/** A picture in content/images/; `src` is relative to content/. */
export interface ContentImage {
  src: string;
  alt: string;
  caption?: string;
  width: number;
  height: number;
}

export interface Address {
  street: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

/** The map marker and how many degrees of longitude the map shows either side. */
export interface MapPosition {
  latitude: number;
  longitude: number;
  span: number;
}

export interface FacilityContent {
  name: string;
  description: string;
  address: Address;
  map: MapPosition;
}

export interface PagesContent {
  home: {
    description: string;
    aboutHeading: string;
    aboutBlurb: string;
    highlightsHeading: string;
    /** Ids of three gallery images. */
    highlights: string[];
  };
  about: {
    description: string;
    welcomeHeading: string;
    paragraphs: string[];
    directionsHeading: string;
    directions: string;
  };
  gallery: { description: string; intro: string };
  floorPlans: { description: string; intro: string };
  outdoorAreas: { description: string; intro: string };
  availability: { description: string };
}

export interface GalleryImage extends ContentImage {
  id: string;
  caption: string;
}

export interface Album {
  id: string;
  title: string;
  description: string;
  images: GalleryImage[];
}

export interface GalleryContent {
  albums: Album[];
}

/** A clickable room of a floor plan: `coords` as in an HTML <area>. */
export interface FloorArea {
  id: string;
  shape: 'rect' | 'poly';
  coords: string;
  title: string;
  info: string;
  roomImages: ContentImage[];
}

export interface FloorLevel {
  id: string;
  name: string;
  image: string;
  alt: string;
  width: number;
  height: number;
  areas: FloorArea[];
}

export interface FloorPlansContent {
  defaultLevel: string;
  levels: FloorLevel[];
}

export type OutdoorFeatureKind =
  'boundary' | 'building' | 'paved' | 'water' | 'stream' | 'structure' | 'trees';

export interface OutdoorFeature {
  id: string;
  name: string;
  kind: OutdoorFeatureKind;
  /** SVG path data in the map's coordinates. */
  path: string;
  label: { x: number; y: number };
  description: string;
}

export interface OutdoorMapContent {
  width: number;
  height: number;
  title: string;
  decorations: { kind: 'road' | 'footpath'; path: string }[];
  features: OutdoorFeature[];
}
