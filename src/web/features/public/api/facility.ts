import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FacilityInfo } from '../../../../shared/schemas/facility.js';
import { api } from '../../../api/client.js';

export type { FacilityInfo };

/** Shown when GET /api/facility/info is unavailable. */
export const FALLBACK_FACILITY_NAME = 'Retreat House';

export const facilityInfoQuery = queryOptions({
  queryKey: ['facility', 'info'],
  queryFn: ({ signal }) => api.get<FacilityInfo>('/facility/info', { signal }),
  staleTime: 60 * 60_000,
  retry: false,
});

export function useFacilityInfo() {
  return useQuery(facilityInfoQuery);
}

/** The facility's name, or the fallback while loading or when the call fails. */
export function useFacilityName(): string {
  const { data } = useFacilityInfo();
  return data?.name?.trim() || FALLBACK_FACILITY_NAME;
}
