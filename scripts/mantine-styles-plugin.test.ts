import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../src/web/app/theme.js';
import {
  componentStylesheet,
  mantineStylesModule,
  themeCssVariables,
} from './mantine-styles-plugin.js';

describe('Mantine styles per component', () => {
  it("maps a component's class-name module to its layered stylesheet", () => {
    expect(
      componentStylesheet('/app/node_modules/@mantine/core/esm/components/Tabs/Tabs.module.mjs'),
    ).toBe('@mantine/core/styles/Tabs.layer.css');
    expect(
      componentStylesheet(
        'C:\\app\\node_modules\\@mantine\\core\\esm\\components\\Input\\InputBase\\InputBase.module.mjs?v=1',
      ),
    ).toBe('@mantine/core/styles/InputBase.layer.css');
    expect(
      componentStylesheet(
        '/app/node_modules/@mantine/core/esm/utils/InlineInput/InlineInput.module.mjs',
      ),
    ).toBe('@mantine/core/styles/InlineInput.layer.css');
    expect(
      componentStylesheet('/app/node_modules/@mantine/notifications/esm/Notifications.module.mjs'),
    ).toBe('@mantine/notifications/styles.layer.css');
  });

  it('leaves every other module alone', () => {
    expect(
      componentStylesheet('/app/node_modules/@mantine/core/esm/components/Tabs/Tabs.mjs'),
    ).toBeNull();
    expect(
      componentStylesheet('/app/src/web/components/month-calendar/MonthCalendar.module.css'),
    ).toBeNull();
    expect(componentStylesheet('/app/node_modules/other/esm/Button.module.mjs')).toBeNull();
  });

  it('gives a build only the base styles, and dev the whole stylesheet', () => {
    expect(mantineStylesModule(true)).toContain('@mantine/core/styles/baseline.layer.css');
    expect(mantineStylesModule(true)).not.toContain('@mantine/core/styles.layer.css');
    expect(mantineStylesModule(false)).toContain('@mantine/core/styles.layer.css');
    expect(mantineStylesModule(false)).toContain('@mantine/notifications/styles.layer.css');
  });

  it('names only stylesheets that Mantine ships', async () => {
    const { createRequire } = await import('node:module');
    const require = createRequire(import.meta.url);
    const shipped = [...mantineStylesModule(true).matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    for (const sheet of shipped.filter((s) => !s.startsWith('virtual:'))) {
      expect(() => require.resolve(sheet), sheet).not.toThrow();
    }
    expect(() => require.resolve('@mantine/core/styles/Tabs.layer.css')).not.toThrow();
  });
});

describe("the theme's CSS variables, written at build time", () => {
  it('are exactly what MantineProvider would render in the browser', () => {
    const html = renderToString(
      createElement(MantineProvider, {
        theme,
        cssVariablesResolver,
        deduplicateCssVariables: false,
      }),
    );
    const rendered = /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(rendered).toBeTruthy();
    expect(themeCssVariables()).toBe(rendered);
  });

  it("carry the theme's own choices (the darker dimmed text and primary shade)", () => {
    const css = themeCssVariables();
    expect(css).toContain('--mantine-color-dimmed: #495057');
    expect(css).toContain('--mantine-color-blue-filled: var(--mantine-color-blue-8)');
  });

  it('are part of the base styles in a build and in dev', () => {
    expect(mantineStylesModule(true)).toContain('virtual:mantine-theme-variables.css');
    expect(mantineStylesModule(false)).toContain('virtual:mantine-theme-variables.css');
  });
});
