/**
 * The facility information (GET /api/facility/info). It lives beside the
 * client because the layout, the public pages and the reservation screens all
 * read it; its key starts with 'facility' so it survives a logout.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FacilityInfo } from '../../../shared/schemas/facility.js';
import { api } from './client.js';
import facilityContent from '../../../../content/facility.json';

/**
 * The house's name from content/ at build time: the same text the server
 * serves, so the header never changes (or shifts) when the answer arrives.
 */
export const BUILT_IN_FACILITY_NAME: string = facilityContent.name;

export type { FacilityInfo };

export const facilityInfoQuery = queryOptions({
  queryKey: ['facility', 'info'],
  queryFn: ({ signal }) => api.get<FacilityInfo>('/facility/info', { signal }),
  staleTime: 60 * 60_000,
  // Shown until the answer arrives (the same texts, from content/), so the
  // page neither waits for it nor moves when it comes.
  placeholderData: {
    name: facilityContent.name,
    description: facilityContent.description,
    timeZone: '',
    utcOffsetMinutes: 0,
    turnoverDays: 0,
  },
  retry: false,
});

export function useFacilityInfo() {
  return useQuery(facilityInfoQuery);
}
