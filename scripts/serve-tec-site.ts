/**
 * Serves the recorded The Events Calendar site (`test/fixtures/tec-site/`) until stopped,
 * to try `npm run import:tec` by hand:
 *
 *   npm run serve:tec-site            (prints the --from URL to use)
 *   PORT=4010 npm run serve:tec-site
 */
import { readCommandLine } from '../src/common/cli/command-line';
import { startTecSite } from './lib/tec-site';

async function main(): Promise<void> {
  readCommandLine({
    usage: 'npm run serve:tec-site',
    about:
      'Serves the recorded The Events Calendar site (test/fixtures/tec-site/) until stopped,\n' +
      'and prints the --from URL to give `npm run import:tec`.',
    options: {},
    notes: 'Environment: PORT, the port to listen on (default: any free port).',
  });
  const site = await startTecSite({ port: Number(process.env['PORT'] ?? 0) });
  process.stdout.write(`The recorded TEC site answers at ${site.root}\n`);
  process.stdout.write(`Import it with: npm run import:tec -- --from ${site.root}\n`);
  const stop = (): void => {
    void site.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
