/** The public pages beyond Home, loaded on first visit (one chunk). */
export { AboutPage } from './components/AboutPage.js';
export { GalleryPage } from './components/GalleryPage.js';
export { FacilitiesPage } from './components/FacilitiesPage.js';
export { AvailabilityTab, FloorPlansTab, OutdoorAreasTab } from './components/FacilityTabs.js';
