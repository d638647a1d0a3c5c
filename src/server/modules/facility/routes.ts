import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { daysBetween, isDayKey, utcOffsetMinutes } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import { describePolicy, quote } from '../../../shared/pricing.js';
import {
  MAX_RESERVATION_DAYS,
  errorResponse,
  facilityInfoSchema,
  pricingInfoSchema,
  quoteQuery,
  quoteSchema,
} from '../../../shared/schemas/index.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { FacilityContent } from '../../content.js';
import { badRequest } from '../../errors.js';

interface Options {
  facility: FacilityContent;
  timeZone: string;
  pricing: PricingRules;
  turnoverDays: number;
}

export async function facilityRoutes(
  app: FastifyInstance,
  { facility, timeZone, pricing, turnoverDays }: Options,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const info = { name: facility.name, description: facility.description, timeZone, turnoverDays };
  r.get('/api/facility/info', {
    // Public and cacheable: it never sets a cookie, and a repeat gets 304 (docs/operations.md).
    config: { setsCookies: false, etag: true },
    schema: {
      tags: ['facility'],
      summary: 'Name and description of the house',
      response: { 200: facilityInfoSchema },
    },
    handler: async (_request, reply) => {
      // Five minutes of cache cannot move the offset across midnight: zones change it at night's small hours.
      reply.header('cache-control', 'public, max-age=300');
      return { ...info, utcOffsetMinutes: utcOffsetMinutes(timeZone) };
    },
  });

  const pricingInfo = { ...pricing, policyDescription: describePolicy(pricing.cancellationPolicy) };
  r.get('/api/facility/pricing', {
    config: { setsCookies: false, etag: true },
    schema: {
      tags: ['facility'],
      summary: 'Rates and the cancellation policy',
      response: { 200: pricingInfoSchema },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return pricingInfo;
    },
  });

  r.get('/api/facility/quote', {
    schema: {
      tags: ['facility'],
      summary: 'The price of the days start…end (inclusive), line by line',
      querystring: quoteQuery,
      response: { 200: quoteSchema, 400: errorResponse },
    },
    handler: async (request) => {
      const { start, end } = request.query;
      if (!isDayKey(start) || !isDayKey(end) || end < start)
        throw badRequest(messages.invalidDateRange, 'invalid_range');
      if (daysBetween(start, end) + 1 > MAX_RESERVATION_DAYS) {
        throw badRequest(
          `A reservation can be at most ${MAX_RESERVATION_DAYS} days long.`,
          'invalid_range',
        );
      }
      return quote(pricing, start, end);
    },
  });
}
