import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { facilityInfoQuery, facilityPlaceholder } from '@/lib/api/facility.js';
import { useSiteContent } from '@/lib/site-content.js';

export { facilityInfoQuery, useFacilityInfo, type FacilityInfo } from '@/lib/api/facility.js';

/** The facility's name; the site content's while loading or when the call fails. */
export function useFacilityName(): string {
  const { facility } = useSiteContent();
  const placeholderData = useMemo(() => facilityPlaceholder(facility), [facility]);
  // Only the name: the header and footer are not drawn again when the answer
  // replaces the placeholder with the same name.
  const { data } = useQuery({ ...facilityInfoQuery, placeholderData, select: selectName });
  return data?.trim() || facility.name;
}

const selectName = (info: { name: string }) => info.name;
