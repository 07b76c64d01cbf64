import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { venueBody, VENUES } from '../factories/venue.factory';
import { TEST_SECRET } from '../setup/auth';
import { useTestApp } from '../setup/test-app';

const ROOT = join(__dirname, '..', '..');

/** Runs `npm run token -- <args>` as the README shows it (ts-node on scripts/token.ts). */
function runTokenScript(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['-r', 'ts-node/register', 'scripts/token.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    // ENV_FILE empty: the developer's .env is not read.
    env: { PATH: process.env['PATH'] ?? '', TS_NODE_TRANSPILE_ONLY: 'true', ENV_FILE: '', ...env },
  });
}

describe('npm run token', () => {
  const app = useTestApp();

  it('prints a token the service accepts, for the user and role asked for', async () => {
    const run = runTokenScript(['--sub', '5', '--role', 'author', '--expires', '10m'], {
      AUTH_JWT_SECRET: TEST_SECRET,
    });
    expect(run.status).toBe(0);

    const response = await request(app().http)
      .post(VENUES)
      .set('Authorization', `Bearer ${run.stdout.trim()}`)
      .send(venueBody())
      .expect(201);
    expect((response.body as { author: string }).author).toBe('5');
  });

  it('refuses to run without a secret or with a role that does not exist', () => {
    const noSecret = runTokenScript(['--sub', '1'], { AUTH_JWT_SECRET: '' });
    const badRole = runTokenScript(['--role', 'owner'], { AUTH_JWT_SECRET: TEST_SECRET });

    expect(noSecret.status).toBe(1);
    expect(noSecret.stderr).toMatch(/AUTH_JWT_SECRET is not set/);
    expect(badRole.status).toBe(1);
    expect(badRole.stderr).toMatch(/--role must be one of/);
  });
});
