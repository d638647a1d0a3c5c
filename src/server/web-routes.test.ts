import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_ROUTE_MODULES, webModulesFor } from './web-routes.js';

describe('web route modules', () => {
  it('name modules that exist in the web app', () => {
    for (const [, module] of WEB_ROUTE_MODULES) {
      expect(existsSync(path.resolve('src/web', module)), module).toBe(true);
    }
  });
  it('match whole path segments', () => {
    expect(webModulesFor('/login')).toEqual(['features/auth/routes.ts']);
    expect(webModulesFor('/account/payments')).toEqual([
      'features/payments/routes.ts',
      'features/account/routes.ts',
    ]);
    expect(webModulesFor('/loginx')).toEqual([]);
    expect(webModulesFor('/facilities')).toEqual([
      'features/public/components/FacilitiesPage.tsx',
      'features/public/components/FloorPlansTab.tsx',
    ]);
    expect(webModulesFor('/facilities/availability')).toEqual([
      'features/public/components/FacilitiesPage.tsx',
      'features/public/components/AvailabilityTab.tsx',
    ]);
    expect(webModulesFor('/')).toEqual([]);
  });
});
