import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of ARCHITECTURE.md hold because lint fails on a breach. Each case plants
 * one breach in a file that does not exist (ESLint lints the text as if it stood at that path) and
 * checks that `npm run lint` would refuse it with the rule's message; a clean import beside it passes.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

const breaches: { name: string; file: string; code: string; rule: string; says: string }[] = [
  {
    name: 'shared UI imports a feature',
    file: 'apps/web/src/components/layout/planted.tsx',
    code: "import { Hero } from '../../features/home/components/hero';\nexport const x = Hero;\n",
    rule: 'import-x/no-restricted-paths',
    says: 'may not import a feature',
  },
  {
    name: 'shared UI imports the app',
    file: 'apps/web/src/components/ui/planted.tsx',
    code: "import { routes } from '../../app/router';\nexport const x = routes;\n",
    rule: 'import-x/no-restricted-paths',
    says: 'may not import app/',
  },
  {
    name: 'a lib module imports a feature',
    file: 'apps/web/src/lib/planted.ts',
    code: "import { Hero } from '../features/home/components/hero';\nexport const x = Hero;\n",
    rule: 'import-x/no-restricted-paths',
    says: 'may not import a feature',
  },
  {
    name: 'a feature imports another feature',
    file: 'apps/web/src/features/products/planted.ts',
    code: "import { Hero } from '../home/components/hero';\nexport const x = Hero;\n",
    rule: 'import-x/no-restricted-paths',
    says: 'features/products may not import another feature',
  },
  {
    name: 'a feature imports the app',
    file: 'apps/web/src/features/home/planted.ts',
    code: "import { routes } from '../../app/router';\nexport const x = routes;\n",
    rule: 'import-x/no-restricted-paths',
    says: 'A feature may not import app/',
  },
  {
    name: 'packages/shared imports an app',
    file: 'packages/shared/src/schemas/planted.ts',
    code: "import { loadConfig } from '../../../../apps/api/src/config';\nexport const x = loadConfig;\n",
    rule: 'import-x/no-restricted-paths',
    says: 'packages/shared may not import the apps',
  },
  {
    name: 'a domain module imports Zod',
    file: 'packages/shared/src/domain/planted.ts',
    code: "import { z } from 'zod';\nexport const x = z;\n",
    rule: 'no-restricted-imports',
    says: 'domain/ stays free of Zod',
  },
  {
    name: 'a page imports wouter itself',
    file: 'apps/web/src/app/routes/planted.tsx',
    code: "import { Link } from 'wouter';\nexport const x = Link;\n",
    rule: 'no-restricted-imports',
    says: 'Routing comes from lib/router',
  },
  {
    name: 'a repository imports a route',
    file: 'apps/api/src/repositories/planted.ts',
    code: "import healthRoutes from '../routes/health';\nexport const x = healthRoutes;\n",
    rule: 'import-x/no-restricted-paths',
    says: 'repositories may not import routes',
  },
  {
    name: 'a repository imports the HTTP framework',
    file: 'apps/api/src/repositories/planted.ts',
    code: "import type { FastifyReply } from 'fastify';\nexport type X = FastifyReply;\n",
    rule: 'no-restricted-imports',
    says: 'know no HTTP',
  },
  {
    name: 'a service imports a plugin',
    file: 'apps/api/src/services/planted.ts',
    code: "import errors from '../plugins/errors';\nexport const x = errors;\n",
    rule: 'import-x/no-restricted-paths',
    says: 'services may not import plugins',
  },
  {
    name: 'a route queries a table',
    file: 'apps/api/src/routes/planted.ts',
    code: "import { users } from '../db/schema';\nexport const x = users;\n",
    rule: 'import-x/no-restricted-paths',
    says: 'routes may not query tables',
  },
  {
    name: 'a plugin queries a table',
    file: 'apps/api/src/plugins/planted.ts',
    code: "import { users } from '../db/schema';\nexport const x = users;\n",
    rule: 'import-x/no-restricted-paths',
    says: 'plugins may not query tables',
  },
];

describe('lint keeps the import boundaries', () => {
  it.each(breaches)('fails on a breach: $name', async ({ file, code, rule, says }) => {
    const found = await problems(file, code);
    expect(
      found.some((p) => p.startsWith(`${rule}:`) && p.includes(says)),
      found.join('\n'),
    ).toBe(true);
  });

  it('lets the allowed direction through', async () => {
    expect(
      await problems(
        'apps/web/src/features/home/planted.ts',
        "import { formatPrice } from '@shop/shared/domain/money';\nexport const x = formatPrice;\n",
      ),
    ).toEqual([]);
    expect(
      await problems('apps/web/src/lib/router/planted.ts', "import { matchRoute } from 'wouter';\nexport const x = matchRoute;\n"),
    ).toEqual([]);
    expect(
      await problems(
        'apps/api/src/routes/planted.ts',
        "import { findProduct } from '../repositories/products';\nexport const x = findProduct;\n",
      ),
    ).toEqual([]);
  });
});
