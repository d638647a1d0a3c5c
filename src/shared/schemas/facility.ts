import { z } from 'zod';

export const facilityInfoSchema = z.object({ name: z.string(), description: z.string() });
export type FacilityInfo = z.infer<typeof facilityInfoSchema>;
