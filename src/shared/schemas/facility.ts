import { z } from './zod.js';

export const facilityInfoSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** The house's IANA time zone: "today" for new reservations is counted there. */
  timeZone: z.string(),
  /** Minutes the house's clocks are ahead of UTC now; with the browser's clock it gives the house's today. */
  utcOffsetMinutes: z.number().int(),
  /** Days kept free after each stay for another church (turnover); 0 when the house needs none. */
  turnoverDays: z.number().int().min(0).default(0),
});
export type FacilityInfo = z.infer<typeof facilityInfoSchema>;
