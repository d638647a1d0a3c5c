// An ESLint rule of this repository: a feature of the web app
// (src/web/features/<area>/) imports nothing from another feature. What two
// features share lives in src/web/components, src/web/lib or src/shared.
// Relative specifiers are resolved against the importing file and `@/` is
// src/web/ (tsconfig.json), so "../../payments/format.js" and
// "@/features/payments/format.js" are both caught.
import path from 'node:path';

const WEB = `${path.sep}src${path.sep}web${path.sep}`;
const FEATURES = `${WEB}features${path.sep}`;

/** The file a specifier names, or null for a package. */
function target(file, spec) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
  if (spec.startsWith('@/')) {
    const at = file.indexOf(WEB);
    return at < 0 ? null : path.join(file.slice(0, at + WEB.length), spec.slice(2));
  }
  return null;
}

/** The feature a file belongs to, or null. */
function featureOf(file) {
  const at = file.indexOf(FEATURES);
  if (at < 0) return null;
  return file.slice(at + FEATURES.length).split(path.sep)[0] ?? null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'a web feature imports nothing from another feature' },
    messages: {
      crossFeature:
        'features/{{from}} imports from features/{{to}}: move what both need to src/web/components, src/web/lib or src/shared.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = featureOf(file);
    if (!from) return {};
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string') return;
      const resolved = target(file, spec);
      const to = resolved && featureOf(resolved);
      if (to && to !== from)
        context.report({ node, messageId: 'crossFeature', data: { from, to } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'feature-boundaries': rule } };
