import { z } from './zod.js';

export const paymentConfigSchema = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  dailyRateCents: z.number().int(),
  currency: z.string(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

export const checkoutSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('frame'), url: z.string(), scriptUrl: z.string() }),
  z.object({ kind: z.literal('redirect'), url: z.string() }),
]);

export const paymentSchema = z.object({
  reservationId: z.number().int(),
  provider: z.string(),
  reference: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  paidAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const sandboxChargeBody = z.object({
  reservationId: z.coerce.number().int().positive().max(2_147_483_647),
  number: z.coerce.number().int().positive().max(366),
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
});
