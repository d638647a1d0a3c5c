import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteContentScript, testSiteContent, writeSiteContent } from '../test/site-content.js';
import { mockApi, renderPageAt } from '../test/utils.js';
import { readSiteContent, type PublicContent } from './site-content.js';

/**
 * The browser draws the site content the server wrote into the page
 * (docs/site-content.md), not the files of content/.
 */

function edited(): PublicContent {
  const { facility, pages } = structuredClone(testSiteContent);
  facility.name = 'Juniper Hill Retreat';
  // A text that would end the element were `<` not escaped.
  pages.home.aboutBlurb = 'Tea at four </script><b>in the garden</b>.';
  return { ...testSiteContent, facility, pages };
}

// The page as the server sends it after the staff's edit, before the app reads it.
const content = edited();
writeSiteContent(content);

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe("the page's site content", () => {
  it('is what the pages draw: name, texts and the tab title', async () => {
    mockApi();
    await renderPageAt('/', 'Juniper Hill Retreat');
    expect(screen.getByText('Tea at four </script><b>in the garden</b>.')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Juniper Hill Retreat');
    expect(screen.queryByText(testSiteContent.facility.name)).not.toBeInTheDocument();
    expect(document.title).toBe('Home | Juniper Hill Retreat');
  });

  it("is read from the element the server writes, '<' escaped", () => {
    const script = siteContentScript(content);
    expect(script).not.toContain('</script><b>');
    expect(readSiteContent(parse(`<html><head>${script}</head></html>`))).toEqual(content);
    expect(readSiteContent(parse('<html><head></head></html>'))).toBeUndefined();
  });
});
