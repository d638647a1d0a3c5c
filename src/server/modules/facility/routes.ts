import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { daysBetween, isDayKey, utcOffsetMinutes } from '../../../shared/dates.js';
import { messages } from '../../../shared/messages.js';
import { describeGroupRates, quoteStay, stayProblem } from '../../../shared/group-pricing.js';
import { describePolicy } from '../../../shared/pricing.js';
import {
  MAX_RESERVATION_DAYS,
  errorResponse,
  facilityInfoSchema,
  pricingInfoSchema,
  quoteQuery,
  quoteSchema,
} from '../../../shared/schemas/index.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import {
  agreementContentSchema,
  type AgreementContent,
} from '../../../shared/schemas/agreement.js';
import type { FacilityContent } from '../../content.js';
import { badRequest, notFound } from '../../errors.js';

/** Each getter answers the content as it is now: the staff edit it live (docs/site-content.md). */
interface Options {
  facility: () => FacilityContent;
  timeZone: string;
  pricing: () => PricingRules;
  turnoverDays: number;
  /** The facility agreement, or null when the house has none. */
  agreement: () => AgreementContent | null;
}

export async function facilityRoutes(
  app: FastifyInstance,
  { facility, timeZone, pricing, turnoverDays, agreement }: Options,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/facility/info', {
    // Public and cacheable: it never sets a cookie, and a repeat gets 304 (docs/operations.md).
    config: { setsCookies: false, etag: true },
    schema: {
      tags: ['facility'],
      summary: 'Name and description of the house',
      response: { 200: facilityInfoSchema },
    },
    handler: async (_request, reply) => {
      // Asked again each time (a 304 while unchanged): the staff's edits show at once (docs/site-content.md).
      reply.header('cache-control', 'public, no-cache');
      const { name, description } = facility();
      return {
        name,
        description,
        timeZone,
        turnoverDays,
        utcOffsetMinutes: utcOffsetMinutes(timeZone),
      };
    },
  });

  r.get('/api/facility/pricing', {
    config: { setsCookies: false, etag: true },
    schema: {
      tags: ['facility'],
      summary: 'Rates and the cancellation policy',
      response: { 200: pricingInfoSchema },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, no-cache');
      const rules = pricing();
      return {
        ...rules,
        policyDescription: describePolicy(rules.cancellationPolicy),
        groupRates: rules.group ? describeGroupRates(rules.group, rules.currency) : [],
      };
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
      const guests = request.query.guests === undefined ? null : Number(request.query.guests);
      const choice = { guests, mealPlan: request.query.mealPlan || null };
      const rules = pricing();
      const problem =
        guests !== null && !Number.isInteger(guests)
          ? {
              message: 'Give the number of guests as a whole number, at least 1.',
              code: 'invalid_guests' as const,
            }
          : stayProblem(rules, choice);
      if (problem) throw badRequest(problem.message, problem.code);
      if (!isDayKey(start) || !isDayKey(end) || end < start)
        throw badRequest(messages.invalidDateRange, 'invalid_range');
      if (daysBetween(start, end) + 1 > MAX_RESERVATION_DAYS) {
        throw badRequest(
          `A reservation can be at most ${MAX_RESERVATION_DAYS} days long.`,
          'invalid_range',
        );
      }
      const { terms: _terms, ...priced } = quoteStay(rules, start, end, choice);
      return priced;
    },
  });

  r.get('/api/facility/agreement', {
    config: { setsCookies: false, etag: true },
    schema: {
      tags: ['facility'],
      summary: "The house's facility agreement, which a group's leader accepts before paying",
      response: { 200: agreementContentSchema, 404: errorResponse },
    },
    handler: async (_request, reply) => {
      const current = agreement();
      if (!current) throw notFound('This house has no facility agreement.');
      reply.header('cache-control', 'public, no-cache');
      return current;
    },
  });
}
