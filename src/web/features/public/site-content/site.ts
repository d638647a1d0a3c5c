/**
 * What the pages make of the house's address, map position, page texts and
 * gallery (the site content, @/lib/site-content.tsx; docs/site-content.md).
 * Small enough for the first bundle: the Home page uses it.
 */
import type { Address, GalleryContent, GalleryImage, MapPosition, PagesContent } from './types.js';

/** The home page's three highlighted gallery pictures. */
export function highlightsOf(pages: PagesContent, gallery: GalleryContent): GalleryImage[] {
  return pages.home.highlights.flatMap((id) =>
    gallery.albums.flatMap((album) => album.images.filter((image) => image.id === id)),
  );
}

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
