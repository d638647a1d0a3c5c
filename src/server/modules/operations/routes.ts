import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTodaySchema,
  errorResponses,
  idParam,
  kitchenDaySchema,
  kitchenQuery,
  kitchenStaySchema,
  occupancyMonthSchema,
  occupancyQuery,
} from '../../../shared/schemas/index.js';
import type { PricingRules } from '../../../shared/schemas/pricing.js';
import type { Room } from '../../../shared/schemas/questionnaire.js';
import type { Db } from '../../db/open.js';
import { requireAdmin } from '../../plugins/auth-guards.js';
import type { Checklists } from '../stays/checklist.js';
import { createKitchen } from './kitchen.js';
import { createReports } from './reports.js';
import { createSheets } from './sheets.js';
import { createToday } from './today.js';

const errors = errorResponses(400, 401, 403, 404);

/** A paper or a file for the staff: never cached, named for the download. */
const download = (reply: FastifyReply, type: string, name: string, body: string | Buffer) =>
  reply
    .type(type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(body);

/** The house's operations (docs/house-operations.md): kitchen, stay sheets, dashboard, reports. */
export async function operationsRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    pricing: () => PricingRules;
    rooms: () => readonly Room[];
    checklists: Checklists;
    houseName: () => string;
    facilityTimezone: string;
    now: () => Date;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const kitchen = createKitchen(deps);
  const sheets = createSheets({ ...deps, kitchen });
  const reports = createReports(deps);
  const today = createToday(deps);

  r.get('/api/admin/today', {
    schema: {
      tags: ['operations'],
      summary:
        'What needs the staff today: waiting requests and users, arrivals in the next 14 days with their checklists, overdue stays, failed mail (admin)',
      response: { 200: adminTodaySchema, ...errors },
    },
    preValidation: requireAdmin,
    handler: () => today(),
  });

  r.get('/api/admin/kitchen', {
    schema: {
      tags: ['operations'],
      summary: 'Meals and diets for every day from `from` to `to`, over approved stays (admin)',
      querystring: kitchenQuery,
      response: { 200: z.array(kitchenDaySchema), ...errors },
    },
    preValidation: requireAdmin,
    handler: (request) => kitchen.days(request.query),
  });

  r.get('/api/admin/kitchen/stays', {
    schema: {
      tags: ['operations'],
      summary: 'The approved stays eating from `from` to `to`, with their diets and notes (admin)',
      querystring: kitchenQuery,
      response: { 200: z.array(kitchenStaySchema), ...errors },
    },
    preValidation: requireAdmin,
    handler: (request) => kitchen.stays(request.query),
  });

  r.get('/api/admin/kitchen.pdf', {
    schema: {
      tags: ['operations'],
      summary: "The kitchen's printable sheet for `from` to `to` (admin)",
      querystring: kitchenQuery,
      produces: ['application/pdf'],
    },
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const { from, to } = request.query;
      const pdf = await sheets.kitchen(request.query);
      return download(reply, 'application/pdf', `kitchen-${from}-to-${to}.pdf`, pdf);
    },
  });

  r.get('/api/admin/stays/:id/sheet.pdf', {
    schema: {
      tags: ['operations'],
      summary: "A stay's sheet for the kitchen and housekeeping (admin)",
      params: idParam,
      produces: ['application/pdf'],
    },
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const pdf = await sheets.stay(request.params.id);
      return download(reply, 'application/pdf', `stay-${request.params.id}.pdf`, pdf);
    },
  });

  r.get('/api/admin/reports/occupancy', {
    schema: {
      tags: ['operations'],
      summary: "The year's occupancy and money by month, over approved stays (admin)",
      querystring: occupancyQuery,
      response: { 200: z.array(occupancyMonthSchema), ...errors },
    },
    preValidation: requireAdmin,
    handler: (request) => reports.occupancy(request.query.year),
  });

  r.get('/api/admin/reports/occupancy.csv', {
    schema: {
      tags: ['operations'],
      summary: 'The same report as CSV, its field names as the header (admin)',
      querystring: occupancyQuery,
      produces: ['text/csv'],
    },
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const { year } = request.query;
      const csv = await reports.occupancyCsv(year);
      return download(reply, 'text/csv; charset=utf-8', `occupancy-${year}.csv`, csv);
    },
  });
}
