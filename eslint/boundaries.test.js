import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { boundaries } from './boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});
const file = (path) => `${import.meta.dirname}/../${path}`;
const hub = file('apps/server/src/modules/hub/hub.service.ts');
const feature = file('apps/web/src/features/projects/project-page.tsx');

tester.run('atrium/boundaries', boundaries, {
  valid: [
    { filename: hub, code: "import { AppError } from '../../lib/errors';" },
    {
      filename: hub,
      code: "import type { GatewaysRepository } from '../gateways/gateways.repository';",
    },
    { filename: hub, code: "import { type A, type B } from '../gateways/gateways.repository';" },
    { filename: hub, code: "import { x } from './hub.repository';" },
    { filename: hub, code: "import type { Kysely } from 'kysely';" },
    {
      filename: file('apps/server/src/app.ts'),
      code: "import { x } from './modules/hub/hub.module';",
    },
    {
      filename: file('apps/server/src/modules/hub/hub.test.ts'),
      code: "import { x } from '../gateways/gateways.repository';",
    },
    {
      filename: file('apps/server/src/modules/hub/hub.repository.ts'),
      code: "import { sql } from 'kysely';",
    },
    { filename: hub, code: "import { GatewayAgent } from '@atrium/gateway-agent/agent';" },
    { filename: feature, code: "import { notify } from '../../ui/snackbar';" },
    {
      filename: file('apps/web/src/app/routes.tsx'),
      code: "import { P } from '../features/projects/project-page';",
    },
    { filename: file('e2e/gateway-fleet.ts'), code: "import { x } from '../apps/server/src/app';" },
  ],
  invalid: [
    {
      filename: hub,
      code: "import { GatewaysRepository } from '../gateways/gateways.repository';",
      errors: [{ messageId: 'modulesImportModules' }],
    },
    {
      filename: hub,
      code: "export { x } from '../projects/projects.service';",
      errors: [{ messageId: 'modulesImportModules' }],
    },
    {
      filename: file('apps/server/src/lib/upload.ts'),
      code: "import { x } from '../modules/hub/hub.service';",
      errors: [{ messageId: 'sharedImportsModules' }],
    },
    {
      filename: hub,
      code: "import { sql } from 'kysely';",
      errors: [{ messageId: 'kyselyOutsideRepositories' }],
    },
    {
      filename: file('apps/server/src/modules/hub/demo-fleet.ts'),
      code: "import { GatewayAgent } from '@atrium/gateway-sim/agent';",
      errors: [{ messageId: 'appsImportApps' }],
    },
    {
      filename: file('apps/server/src/modules/hub/demo-fleet.ts'),
      code: "import { x } from '../../../../web/src/lib/dates';",
      errors: [{ messageId: 'appsImportApps' }],
    },
    {
      filename: file('packages/knx/src/ets-xml.ts'),
      code: "import { x } from '../../../apps/server/src/lib/errors';",
      errors: [{ messageId: 'packagesImportApps' }],
    },
    {
      filename: feature,
      code: "import { Panel } from '../gateways/project-gateways-panel';",
      errors: [{ messageId: 'featuresImportFeatures' }],
    },
    {
      filename: feature,
      code: "import type { Panel } from '../gateways/project-gateways-panel';",
      errors: [{ messageId: 'featuresImportFeatures' }],
    },
    {
      filename: file('apps/web/src/ui/page-header.tsx'),
      code: "import { x } from '../features/projects/project-page';",
      errors: [{ messageId: 'sharedImportsFeatures' }],
    },
    {
      filename: feature,
      code: "import { routes } from '../../app/routes';",
      errors: [{ messageId: 'importsApp' }],
    },
  ],
});
