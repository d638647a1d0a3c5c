/**
 * The shapes of the house's content files (content/*.json, described in
 * content/README.md): the types of the one schema the server checks the
 * files with when it starts (src/shared/schemas/content.ts). Types only: no
 * schema code reaches the browser.
 */
export type {
  Address,
  Album,
  ContentImage,
  FacilityContent,
  FloorArea,
  FloorLevel,
  FloorPlansContent,
  GalleryContent,
  GalleryImage,
  MapPosition,
  OutdoorFeature,
  OutdoorFeatureKind,
  OutdoorMapContent,
  PagesContent,
} from '../../../../shared/schemas/content.js';
