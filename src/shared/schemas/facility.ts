import { z } from './zod.js';

export const facilityInfoSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** The house's IANA time zone: "today" for new reservations is counted there. */
  timeZone: z.string(),
  /** Minutes the house's clocks are ahead of UTC now; with the browser's clock it gives the house's today. */
  utcOffsetMinutes: z.number().int(),
});
export type FacilityInfo = z.infer<typeof facilityInfoSchema>;
