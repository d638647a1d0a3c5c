/**
 * The house's address, map position, page texts and gallery (content/*.json).
 * Small enough for the first bundle: the Home page uses it.
 */
import facilityJson from '../../../../../content/facility.json';
import galleryJson from '../../../../../content/gallery.json';
import pagesJson from '../../../../../content/pages.json';
import type {
  Address,
  FacilityContent,
  GalleryContent,
  GalleryImage,
  MapPosition,
  PagesContent,
} from './types.js';

export const facility: FacilityContent = facilityJson;
export const pages: PagesContent = pagesJson;
export const gallery: GalleryContent = galleryJson;

/** The home page's three highlighted gallery pictures. */
export const highlights: GalleryImage[] = pages.home.highlights.flatMap((id) =>
  gallery.albums.flatMap((album) => album.images.filter((image) => image.id === id)),
);

/** "1200 Cedar Creek Road", "Millbrook, TX 75000", "United States". */
export function addressLines(address: Address): string[] {
  const place = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.street, place, address.country].filter(Boolean);
}

function coordinate(n: number): string {
  return String(Number(n.toFixed(6)));
}

/** The OpenStreetMap embed around the marker (the CSP allows framing this origin). */
export function mapEmbedUrl({ latitude, longitude, span }: MapPosition): string {
  const bbox = [longitude - span, latitude - span / 2, longitude + span, latitude + span / 2]
    .map(coordinate)
    .join(',');
  const marker = `${coordinate(latitude)},${coordinate(longitude)}`;
  return `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(bbox)}&layer=mapnik&marker=${encodeURIComponent(marker)}`;
}

/** The same place on openstreetmap.org, for a link beside the frame. */
export function mapPageUrl({ latitude, longitude }: MapPosition): string {
  const lat = coordinate(latitude);
  const lon = coordinate(longitude);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}
