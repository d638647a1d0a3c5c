/**
 * The access-control matrix's rows for the house's operations
 * (docs/house-operations.md): administrators only, 401 to anyone signed out;
 * with them, the rows of the content edited by the staff.
 */
import { expect } from 'vitest';
import { adminOnly, json, type Row } from './access-matrix-table.js';
import type { TestContext } from './harness.js';
import { contentRows } from './access-matrix-rows-content.js';

export function operationsRows(t: TestContext): Row[] {
  return [
    ...contentRows(t),
    {
      route: 'GET /api/admin/today',
      call: () => json('GET', '/api/admin/today'),
      expect: adminOnly(200),
    },
    {
      route: 'GET /api/admin/kitchen',
      call: () => json('GET', '/api/admin/kitchen?from=2030-01-01&to=2030-01-07'),
      expect: adminOnly(200),
    },
    {
      route: 'GET /api/admin/kitchen/stays',
      call: () => json('GET', '/api/admin/kitchen/stays?from=2030-01-01&to=2030-01-07'),
      expect: adminOnly(200),
    },
    {
      route: 'GET /api/admin/kitchen.pdf',
      call: () => json('GET', '/api/admin/kitchen.pdf?from=2030-01-01&to=2030-01-07'),
      expect: adminOnly(200),
      check: ({ res }) => {
        if (res.statusCode === 200) expect(res.headers['content-type']).toBe('application/pdf');
      },
    },
    {
      route: 'GET /api/admin/stays/:id/sheet.pdf',
      call: (fx) => json('GET', `/api/admin/stays/${fx.resA}/sheet.pdf`),
      expect: adminOnly(200),
      check: ({ res }) => {
        if (res.statusCode === 200) expect(res.headers['content-type']).toBe('application/pdf');
      },
    },
    {
      route: 'GET /api/admin/reports/occupancy',
      call: () => json('GET', '/api/admin/reports/occupancy?year=2030'),
      expect: adminOnly(200),
    },
    {
      route: 'GET /api/admin/reports/occupancy.csv',
      call: () => json('GET', '/api/admin/reports/occupancy.csv?year=2030'),
      expect: adminOnly(200),
    },
  ];
}
