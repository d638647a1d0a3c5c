import { Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@/app/paths.js';
import { PageTitle } from '@/components/PageTitle.js';
import { useSiteContent } from '@/lib/site-content.js';
import { usePageDescription } from './usePageDescription.js';

/** The tabs, each with the page text (the site content's `pages`) that describes it. */
export const facilityTabs = [
  { value: paths.floorPlans, label: 'Floor Plans', page: 'floorPlans' },
  { value: paths.outdoorAreas, label: 'Outdoor Areas', page: 'outdoorAreas' },
  { value: paths.availability, label: 'Availability', page: 'availability' },
] as const;

/** /facilities and /facilities/floor-plans are the same tab (docs/product.md §2). */
function activeTab(pathname: string): (typeof facilityTabs)[number] {
  const path = pathname.replace(/\/+$/, '');
  return facilityTabs.find((tab) => tab.value === path) ?? facilityTabs[0];
}

/** The Facilities screen: one tab per child route; the tab content is the outlet. */
export function FacilitiesPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = activeTab(pathname);
  const current = tab.value;
  usePageDescription(useSiteContent().pages[tab.page].description);
  return (
    <>
      <PageTitle documentTitle={`${tab.label} · Facilities`}>Facilities</PageTitle>
      <Tabs
        value={current}
        onChange={(value) => {
          if (value && value !== current) void navigate(value);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {facilityTabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {facilityTabs.map((t) => (
          <Tabs.Panel key={t.value} value={t.value}>
            {t.value === current ? <Outlet /> : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
