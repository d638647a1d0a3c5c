import { describe, expect, it } from 'vitest';
import { testSiteContent } from '../test/site-content.js';
import { loadSiteContent, pageSiteContent, SITE_CONTENT_ELEMENT_ID } from './site-content.js';

// Vite's development server sends index.html without the server's content.
document.getElementById(SITE_CONTENT_ELEMENT_ID)?.remove();

describe('a page without #site-content', () => {
  it('fails clearly, until development loads the files of content/', async () => {
    expect(() => pageSiteContent()).toThrow('The page has no #site-content element');
    await loadSiteContent();
    expect(pageSiteContent()).toEqual(testSiteContent);
  });
});
