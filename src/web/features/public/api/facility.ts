import { BUILT_IN_FACILITY_NAME, useFacilityInfo } from '@/lib/api/facility.js';

export { facilityInfoQuery, useFacilityInfo, type FacilityInfo } from '@/lib/api/facility.js';

/** Shown when GET /api/facility/info is unavailable. */
export const FALLBACK_FACILITY_NAME = BUILT_IN_FACILITY_NAME;

/** The facility's name, or the fallback while loading or when the call fails. */
export function useFacilityName(): string {
  const { data } = useFacilityInfo();
  return data?.name?.trim() || FALLBACK_FACILITY_NAME;
}
