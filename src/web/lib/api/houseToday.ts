import { localToday, todayAtOffset, type DayKey } from '../../../shared/dates.js';
import { useFacilityInfo } from './facility.js';

/**
 * Today's day key in the house's time zone (GET /api/facility/info): days
 * before it cannot start a reservation, whatever the browser's own zone is.
 * Until the house's zone is known, the browser's own today stands in.
 *
 * It is counted from the offset the server sends rather than with an Intl
 * formatter: the first Intl formatter of a page costs a phone some 80 ms.
 */
export function useHouseToday(): DayKey {
  const { data } = useFacilityInfo();
  return data?.timeZone ? todayAtOffset(data.utcOffsetMinutes) : localToday();
}
