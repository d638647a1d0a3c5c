import { todayIn, type DayKey } from '../../shared/dates.js';
import { useFacilityInfo } from './facility.js';

/** The browser's own zone, used only until the house's zone is known. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Today's day key in the house's time zone (GET /api/facility/info): days
 * before it cannot start a reservation, whatever the browser's own zone is.
 */
export function useHouseToday(): DayKey {
  const { data } = useFacilityInfo();
  const zone = data?.timeZone || browserZone();
  try {
    return todayIn(zone);
  } catch {
    return todayIn('UTC');
  }
}
