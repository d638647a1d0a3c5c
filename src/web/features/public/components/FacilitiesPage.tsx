import { Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../app/paths.js';
import { PageTitle } from '../../../components/PageTitle.js';

export const facilityTabs = [
  { value: paths.floorPlans, label: 'Floor Plans' },
  { value: paths.outdoorAreas, label: 'Outdoor Areas' },
  { value: paths.availability, label: 'Availability' },
] as const;

/** /facilities and /facilities/floor-plans are the same tab (SPEC §2). */
function activeTab(pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  return facilityTabs.find((tab) => tab.value === path)?.value ?? paths.floorPlans;
}

/** The Facilities screen: one tab per child route; the tab content is the outlet. */
export function FacilitiesPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = activeTab(pathname);
  return (
    <>
      <PageTitle>Facilities</PageTitle>
      <Tabs
        value={current}
        onChange={(value) => {
          if (value && value !== current) void navigate(value);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {facilityTabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {facilityTabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            {tab.value === current ? <Outlet /> : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
