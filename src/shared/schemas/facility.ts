import { z } from './zod.js';

export const facilityInfoSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** The house's IANA time zone: "today" for new reservations is counted there. */
  timeZone: z.string(),
});
export type FacilityInfo = z.infer<typeof facilityInfoSchema>;
