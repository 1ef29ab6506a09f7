import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue 8, point 6: `npm run lint` enforces the layer table of ARCHITECTURE.md. The repository's
 * own eslint.config.js is run (ESLint's Node API) on small sources placed, by their file path, in
 * the folders the rules are about: what breaks the table is reported, what keeps it is not.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });

async function boundaryProblems(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the import boundaries of the layer table', () => {
  it('reports a web feature importing another feature’s internals', async () => {
    const problems = await boundaryProblems(
      'web/src/features/orders/Fixture.tsx',
      "import { useVesselList } from '../vessels/VesselsPage';\nexport const fixture = useVesselList;\n",
    );
    expect(problems).toEqual([expect.stringContaining('A feature does not import another feature')]);
  });

  it('reports domain/ importing a workspace package', async () => {
    const problems = await boundaryProblems(
      'domain/src/vessel/fixture.ts',
      "import { createPostgresEventStore } from '@medchest/eventstore';\nexport const fixture = createPostgresEventStore;\n",
    );
    expect(problems).toEqual([expect.stringContaining('domain/ imports nothing of ours')]);
  });

  it('reports web/ importing a package other than domain/', async () => {
    const problems = await boundaryProblems('web/src/lib/fixture.ts', "import { listVessels } from '@medchest/projections';\nexport const fixture = listVessels;\n");
    expect(problems).toEqual([expect.stringContaining('web/ imports domain/ only')]);
  });

  it('reports the product importing the demo, which drives the product from outside', async () => {
    const problems = await boundaryProblems('command-api/src/fixture.ts', "import { seedDemo } from '@medchest/demo';\nexport const fixture = seedDemo;\n");
    expect(problems).toEqual([expect.stringContaining('command-api/ may not import this package')]);
    expect(await boundaryProblems('demo/src/fixture.ts', "import { startWorkers } from '@medchest/workers';\nexport const fixture = startWorkers;\n")).toEqual([
      expect.stringContaining('demo/ may not import this package'),
    ]);
  });

  it('lets the demo drive the commands of command-api/, and the one-process entry seed it', async () => {
    expect(
      await boundaryProblems('demo/src/fixture.ts', "import { createVessel } from '@medchest/command-api/commands/vessels';\nexport const fixture = createVessel;\n"),
    ).toEqual([]);
    expect(await boundaryProblems('app/src/fixture.ts', "import { seedDemo } from '@medchest/demo';\nexport const fixture = seedDemo;\n")).toEqual([]);
  });

  it('lets a feature use shared parts and the domain, and the API use projections', async () => {
    expect(
      await boundaryProblems(
        'web/src/features/orders/Fixture.tsx',
        "import { apiJson } from '../../lib/api';\nimport { ORDER_STATUSES } from '@medchest/domain';\nimport { OrderRow } from './OrderRow';\nexport const fixture = [apiJson, ORDER_STATUSES, OrderRow];\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryProblems('command-api/src/fixture.ts', "import { listVessels } from '@medchest/projections';\nexport const fixture = listVessels;\n"),
    ).toEqual([]);
  });
});
