import {
  convertCssVariables,
  deepMerge,
  defaultCssVariablesResolver,
  DEFAULT_THEME,
  mergeMantineTheme,
} from '@mantine/core';
import type { Plugin } from 'vite';
import { cssVariablesResolver, theme } from '../src/web/app/theme.js';

/**
 * Mantine's stylesheet for every component is 250 KB and blocks the first
 * paint. In a build, each Mantine component that the app imports brings its
 * own stylesheet instead, so a page's CSS follows its chunks: the first page
 * gets the styles of the components it shows, a lazy page fetches the rest
 * with its code. Mantine ships one `styles/<Name>.css` per
 * `esm/.../<Name>.module.mjs` (the class-name map the component imports).
 *
 * The `.layer.css` variants put Mantine in `@layer mantine`, so the app's own
 * unlayered CSS wins whatever order the chunks' stylesheets arrive in.
 *
 * In dev, Mantine is pre-bundled where no transform reaches it, so the app
 * imports the whole stylesheet there.
 *
 * The theme's CSS variables are written into a stylesheet here too, once,
 * instead of by MantineProvider in every browser on every start (which costs
 * a phone some 50 ms of blocked page); the provider is told not to.
 */
export const MANTINE_STYLES_MODULE = 'virtual:mantine-styles';
const resolvedId = `\0${MANTINE_STYLES_MODULE}.js`;

const THEME_VARIABLES_MODULE = 'virtual:mantine-theme-variables.css';
const themeVariablesId = `\0${THEME_VARIABLES_MODULE}`;

const baseStyles = [
  '@mantine/core/styles/baseline.layer.css',
  '@mantine/core/styles/global.layer.css',
  THEME_VARIABLES_MODULE,
];
const allStyles = [
  '@mantine/core/styles.layer.css',
  '@mantine/notifications/styles.layer.css',
  THEME_VARIABLES_MODULE,
];

/**
 * The CSS variables of the app's theme, exactly as MantineProvider would
 * render them with `deduplicateCssVariables={false}` (every variable, so
 * Mantine's default-variables stylesheet is not needed either).
 */
export function themeCssVariables(): string {
  const fullTheme = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables = deepMerge(
    defaultCssVariablesResolver(fullTheme),
    cssVariablesResolver(fullTheme),
  );
  const colorScheme = convertCssVariables({
    variables: {},
    dark: { '--mantine-color-scheme': 'dark' },
    light: { '--mantine-color-scheme': 'light' },
  });
  return `${convertCssVariables(variables)}${colorScheme}`;
}

const coreClassMap = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.mjs$/;
const notificationsClassMap =
  /[\\/]@mantine[\\/]notifications[\\/]esm[\\/]Notifications\.module\.mjs$/;

/** The stylesheet that goes with a Mantine class-name module, or null for any other file. */
export function componentStylesheet(id: string): string | null {
  const file = id.split('?')[0] ?? id;
  const core = coreClassMap.exec(file);
  if (core) return `@mantine/core/styles/${core[1]}.layer.css`;
  if (notificationsClassMap.test(file)) return '@mantine/notifications/styles.layer.css';
  return null;
}

/** The source of `virtual:mantine-styles`: base styles in a build, everything in dev. */
export function mantineStylesModule(perComponent: boolean): string {
  return (perComponent ? baseStyles : allStyles)
    .map((sheet) => `import ${JSON.stringify(sheet)};`)
    .join('\n');
}

export function mantineStylesPlugin(): Plugin {
  let perComponent = false;
  return {
    name: 'mantine-styles-per-component',
    configResolved(config) {
      perComponent = config.command === 'build';
    },
    resolveId(id) {
      if (id === MANTINE_STYLES_MODULE) return resolvedId;
      if (id === THEME_VARIABLES_MODULE) return themeVariablesId;
      return null;
    },
    load(id) {
      if (id === resolvedId) return mantineStylesModule(perComponent);
      if (id === themeVariablesId) return themeCssVariables();
      return null;
    },
    transform(code, id) {
      if (!perComponent) return null;
      const sheet = componentStylesheet(id);
      // Appended, so the module's lines (and its source map) stay where they were.
      return sheet ? { code: `${code}\nimport ${JSON.stringify(sheet)};\n`, map: null } : null;
    },
  };
}
