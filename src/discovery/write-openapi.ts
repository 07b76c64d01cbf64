// First: on an unsupported Node, one line and exit 1 before a native module loads.
import '../common/runtime/supported-node';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readCommandLine } from '../common/cli/command-line';
import { AppModule } from '../app.module';
import { configureApp } from '../app.setup';
import { BytesExpressAdapter } from '../common/http/bytes-adapter';
import { NAMESPACE } from '../common/links/links';
import { ApiDescription } from './api-description';

/**
 * Writes the OpenAPI document the service serves at `/doc` to `docs/openapi.json` (or `--out`),
 * with `http://localhost:3000` as its server, so every change to the interface shows in review,
 * and with `--client` the TypeScript types the tests' client is made from (openapi-typescript).
 * CI runs it and fails when the committed copies differ.
 *
 *   npm run openapi [-- --out docs/openapi.json]   (npm passes --client test/client/...)
 */
async function main(): Promise<void> {
  const { values } = readCommandLine({
    usage: 'npm run openapi -- [options]',
    about:
      'Builds the service, then writes the OpenAPI document it serves at /doc-json to a file, ' +
      'and the client types made from it.',
    options: {
      out: { type: 'string', value: 'FILE', help: 'Where to write', default: 'docs/openapi.json' },
      client: {
        type: 'string',
        value: 'FILE',
        help: 'Also write the client types made from it there (openapi-typescript)',
      },
    },
  });
  Object.assign(process.env, { SQLITE_PATH: ':memory:', LOG_LEVEL: 'error' });
  for (const name of ['DATABASE_URL', 'API_PREFIX']) Reflect.deleteProperty(process.env, name);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule,
    new BytesExpressAdapter(),
    {
      bodyParser: false,
      logger: ['error'],
    },
  );
  configureApp(app);
  const document = app.get(ApiDescription).forServer(`http://localhost:3000/${NAMESPACE}`);
  await app.close();
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(values.out, `${JSON.stringify(document, null, 2)}\n`);
  process.stdout.write(`Wrote ${values.out}\n`);
  if (values.client !== undefined) {
    const generator = join(
      dirname(require.resolve('openapi-typescript/package.json')),
      'bin',
      'cli.js',
    );
    const made = spawnSync(process.execPath, [generator, values.out, '-o', values.client], {
      stdio: 'inherit',
    });
    if (made.status !== 0) throw new Error(`openapi-typescript failed (${String(made.status)})`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`openapi: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
