/** The public pages beyond Home, loaded on first visit (one chunk). */
export { AboutPage } from './components/AboutPage.js';
export { GalleryPage } from './components/GalleryPage.js';
export { FacilitiesPage } from './components/FacilitiesPage.js';
export { FloorPlansTab } from './components/FloorPlansTab.js';
export { OutdoorAreasTab } from './components/OutdoorAreasTab.js';
export { AvailabilityTab } from './components/AvailabilityTab.js';
