import { useQuery } from '@tanstack/react-query';
import { BUILT_IN_FACILITY_NAME, facilityInfoQuery } from '@/lib/api/facility.js';

export { facilityInfoQuery, useFacilityInfo, type FacilityInfo } from '@/lib/api/facility.js';

/** Shown when GET /api/facility/info is unavailable. */
export const FALLBACK_FACILITY_NAME = BUILT_IN_FACILITY_NAME;

/** The facility's name, or the fallback while loading or when the call fails. */
export function useFacilityName(): string {
  // Only the name: the header and footer are not drawn again when the answer
  // replaces the built-in texts with the same name.
  const { data } = useQuery({ ...facilityInfoQuery, select: (info) => info.name });
  return data?.trim() || FALLBACK_FACILITY_NAME;
}
