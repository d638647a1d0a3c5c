import { Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@/app/paths.js';
import { PageTitle } from '@/components/PageTitle.js';
import { pages } from '../site-content/site.js';
import { usePageDescription } from './usePageDescription.js';

export const facilityTabs = [
  { value: paths.floorPlans, label: 'Floor Plans', description: pages.floorPlans.description },
  {
    value: paths.outdoorAreas,
    label: 'Outdoor Areas',
    description: pages.outdoorAreas.description,
  },
  { value: paths.availability, label: 'Availability', description: pages.availability.description },
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
  usePageDescription(tab.description);
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
