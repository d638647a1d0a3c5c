/**
 * The facility information (GET /api/facility/info). It lives beside the
 * client because the layout, the public pages and the reservation screens all
 * read it; its key starts with 'facility' so it survives a logout.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FacilityInfo } from '../../../shared/schemas/facility.js';
import { useIsContentPreview, useSiteContent, type PublicContent } from '../site-content.js';
import { api } from './client.js';

export type { FacilityInfo };

export const facilityInfoQuery = queryOptions({
  queryKey: ['facility', 'info'],
  queryFn: ({ signal }) => api.get<FacilityInfo>('/facility/info', { signal }),
  staleTime: 60 * 60_000,
  retry: false,
});

/**
 * Shown until the answer arrives: the same texts, from the site's content the
 * page carries (docs/site-content.md), so the page neither waits for it nor
 * moves when it comes, and a prerendered page hydrates with the same text.
 */
export function facilityPlaceholder(facility: PublicContent['facility']): FacilityInfo {
  return {
    name: facility.name,
    description: facility.description,
    timeZone: '',
    utcOffsetMinutes: 0,
    turnoverDays: 0,
  };
}

export function useFacilityInfo() {
  const { facility } = useSiteContent();
  // A preview shows the draft's name and description, not the published ones.
  const preview = useIsContentPreview();
  const placeholderData = useMemo(() => facilityPlaceholder(facility), [facility]);
  const select = useMemo(
    () =>
      preview
        ? (info: FacilityInfo): FacilityInfo => ({
            ...info,
            name: facility.name,
            description: facility.description,
          })
        : undefined,
    [preview, facility],
  );
  return useQuery({ ...facilityInfoQuery, placeholderData, select });
}
