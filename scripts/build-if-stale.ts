/**
 * Builds `dist/` with `nest build` unless it is newer than everything the build reads (the
 * sources under `src/`, the TypeScript and Nest settings, the lock file), so `npm start` starts
 * the last build at once when nothing changed. Runs under Node's own type stripping:
 * `node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON scripts/build-if-stale.ts [--quiet]`
 * (run from the project's root, as npm does).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// npm runs scripts at the package's root.
const ROOT = resolve(process.cwd());
const BUILT = join(ROOT, 'dist/main.js');
const INPUTS = ['tsconfig.json', 'tsconfig.build.json', 'nest-cli.json', 'package-lock.json'];

/** The newest modification time of `path`, or of the files under it when it is a folder. */
function newest(path: string): number {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce(
      (latest, entry) => Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs),
      0,
    );
}

/** Whether `dist/` is older than something the build reads, or missing. */
function buildIsStale(): boolean {
  if (!existsSync(BUILT)) return true;
  const inputs = [join(ROOT, 'src'), ...INPUTS.map((file) => join(ROOT, file))].filter(existsSync);
  return statSync(BUILT).mtimeMs < Math.max(...inputs.map(newest));
}

const quiet = process.argv.includes('--quiet');
if (buildIsStale()) {
  if (!quiet) console.log('build-if-stale: sources changed since the last build; building');
  execFileSync('npx', ['nest', 'build'], { cwd: ROOT, stdio: quiet ? 'ignore' : 'inherit' });
} else if (!quiet) {
  console.log('build-if-stale: dist/ is up to date; starting the last build');
}
