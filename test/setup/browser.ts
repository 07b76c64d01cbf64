import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import chromium from '@sparticuz/chromium';

/** How the browser tests start Chromium. */
export interface ChromiumLaunch {
  readonly executablePath: string;
  readonly args: readonly string[];
  /** Where it comes from, for messages. */
  readonly source: string;
}

/** Flags for a desktop Chromium run headless on a closed network. */
const SYSTEM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The first `chromium` on PATH (Debian's package installs /usr/bin/chromium), if any. */
function chromiumOnPath(): string | undefined {
  return (process.env['PATH'] ?? '')
    .split(delimiter)
    .filter((folder) => folder !== '')
    .map((folder) => join(folder, 'chromium'))
    .find((candidate) => existsSync(candidate));
}

/**
 * A Chromium to drive: `CHROMIUM_PATH` when set; else the system's `chromium` on PATH (Debian's
 * package) when there is one; else the one the `@sparticuz/chromium` package ships inside the npm
 * registry package (unpacked to the temporary folder on first use), so the browser tests run for
 * real on a machine with only Node.
 */
export async function chromiumLaunch(): Promise<ChromiumLaunch> {
  const configured = process.env['CHROMIUM_PATH'];
  if (configured) return { executablePath: configured, args: SYSTEM_ARGS, source: 'CHROMIUM_PATH' };
  const system = chromiumOnPath();
  if (system) return { executablePath: system, args: SYSTEM_ARGS, source: 'the system' };
  return {
    executablePath: await chromium.executablePath(),
    // Its flags are for one page per process (AWS Lambda); a test opens and closes many pages.
    args: [
      ...chromium.args.filter((flag) => flag !== '--single-process'),
      '--disable-background-networking',
      '--disable-component-update',
    ],
    source: '@sparticuz/chromium',
  };
}
