/**
 * Serves the recorded The Events Calendar site (`test/fixtures/tec-site/`, or with `--second`
 * `test/fixtures/tec-site-2/`) until stopped, to try `npm run import:tec` by hand:
 *
 *   npm run serve:tec-site            (prints the --from URL to use)
 *   PORT=4010 npm run serve:tec-site -- --second
 */
import { readCommandLine } from '../src/common/cli/command-line';
import { secondRecordingDir, SIGNED_IN, startTecSite } from './lib/tec-site';

async function main(): Promise<void> {
  const { values } = readCommandLine({
    usage: 'npm run serve:tec-site [-- --second]',
    about:
      'Serves the recorded The Events Calendar site (test/fixtures/tec-site/) until stopped,\n' +
      'and prints the --from URL to give `npm run import:tec`.',
    options: {
      second: {
        type: 'boolean',
        help: "The second recording: edge cases, WordPress's routes, signed-in answers",
      },
    },
    notes: 'Environment: PORT, the port to listen on (default: any free port).',
  });
  const site = await startTecSite({
    port: Number(process.env['PORT'] ?? 0),
    ...(values.second === true ? { dir: secondRecordingDir() } : {}),
    // TEC's venue and organizer pages were recorded signed in without the statuses asked for.
    ignoreParams: ['status'],
  });
  const signIn =
    values.second === true
      ? ` --user ${SIGNED_IN.user} --app-password '${SIGNED_IN.appPassword}'`
      : '';
  process.stdout.write(`The recorded TEC site answers at ${site.root}\n`);
  process.stdout.write(`Import it with: npm run import:tec -- --from ${site.root}${signIn}\n`);
  const stop = (): void => {
    void site.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
