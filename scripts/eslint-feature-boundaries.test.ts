import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import boundaries from './eslint-feature-boundaries.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const features = path.resolve('src/web/features');
const inFeature = (file: string) => path.join(features, file);

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run(
  'feature-boundaries',
  boundaries.rules['feature-boundaries'],
  {
    valid: [
      {
        filename: inFeature('admin/components/A.tsx'),
        code: "import { x } from '../api/users.js';",
      },
      {
        filename: inFeature('admin/components/A.tsx'),
        code: "import { api } from '../../../api/client.js';",
      },
      { filename: inFeature('admin/components/A.tsx'), code: "import { z } from 'zod';" },
      {
        filename: inFeature('admin/components/A.tsx'),
        code: "import { api } from '@/lib/api/client.js';",
      },
      // Outside the features (the router) anything may be imported.
      {
        filename: path.resolve('src/web/app/routes.tsx'),
        code: "const m = import('../features/admin/routes.js');",
      },
    ],
    invalid: [
      {
        filename: inFeature('reservations/components/A.tsx'),
        code: "import { formatMoney } from '../../payments/format.js';",
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        filename: inFeature('admin/components/A.tsx'),
        code: "export { x } from '../../documents/api/documents.js';",
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        filename: inFeature('admin/A.ts'),
        code: "const m = import('../profile/api/profile.js');",
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        filename: inFeature('admin/components/A.tsx'),
        code: "import { x } from '@/features/history/api/history.js';",
        errors: [{ messageId: 'crossFeature' }],
      },
    ],
  },
);
