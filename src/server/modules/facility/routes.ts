import type { FastifyInstance } from 'fastify';
import { utcOffsetMinutes } from '../../../shared/dates.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { facilityInfoSchema } from '../../../shared/schemas/index.js';
import type { FacilityContent } from '../../content.js';

export async function facilityRoutes(
  app: FastifyInstance,
  { facility, timeZone }: { facility: FacilityContent; timeZone: string },
) {
  const info = { name: facility.name, description: facility.description, timeZone };
  app.withTypeProvider<ZodTypeProvider>().get('/api/facility/info', {
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
}
