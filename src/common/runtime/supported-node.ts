import { writeSync } from 'node:fs';

/**
 * The oldest Node.js the service and its tools run on (package.json `engines`): better-sqlite3's
 * binary and the ESM-only dependencies need it, and on an older Node the process dies in a
 * native module with no word (a segfault on Node 20).
 */
export const SUPPORTED_NODE = { major: 24, minor: 9 } as const;

/** Whether `version` (`process.versions.node`, `24.11.1`) is supported. */
export function isSupportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return (
    major > SUPPORTED_NODE.major ||
    (major === SUPPORTED_NODE.major && minor >= SUPPORTED_NODE.minor)
  );
}

/** The line an entry point on an unsupported Node prints before it exits 1. */
export function unsupportedNodeLine(version: string, binary: string): string {
  const { major, minor } = SUPPORTED_NODE;
  return (
    `This needs Node.js ${major}.${minor} or later and runs on ${version} (${binary}). ` +
    'Run it through npm (npm start, npm run <tool>), which uses the Node 24 that npm ci ' +
    'installs in node_modules, or as node_modules/.bin/node dist/main.js.'
  );
}

// Checked as this module loads: each entry point imports it first, before any module that
// loads a native binary.
if (!isSupportedNode(process.versions.node)) {
  writeSync(2, `${unsupportedNodeLine(process.versions.node, process.execPath)}\n`);
  process.exit(1);
}
