import { readCommandLine } from '../src/common/cli/command-line';
import { mintToken } from '../src/access/tokens/mint-token';
import { isRole, ROLES } from '../src/access/viewer';
import { ConfigurationError, loadConfig } from '../src/config/load-config';

/**
 * Prints a token the service accepts, signed with the configured AUTH_JWT_SECRET (from the
 * environment or `.env`), with AUTH_ISSUER, AUTH_AUDIENCE and AUTH_ROLE_CLAIM as configured.
 *
 *   npm run token -- --sub 1 --role administrator [--expires 1h]
 */
async function main(): Promise<void> {
  const { values } = readCommandLine({
    usage: 'npm run -s token -- [options]',
    about:
      'Prints a token the service accepts, signed with AUTH_JWT_SECRET (from the environment or\n' +
      '.env), with AUTH_ISSUER, AUTH_AUDIENCE and AUTH_ROLE_CLAIM as configured.',
    options: {
      sub: { type: 'string', value: 'ID', help: 'The user id', default: '1' },
      role: {
        type: 'string',
        value: 'ROLE',
        help: ROLES.join(', '),
        default: 'administrator',
      },
      expires: { type: 'string', value: 'TIME', help: 'Lifetime: 30m, 1h, 7d', default: '1h' },
    },
  });
  const sub = Number(values.sub);
  if (!Number.isInteger(sub) || sub < 1) throw new Error('--sub must be a positive integer');
  if (!isRole(values.role)) throw new Error(`--role must be one of ${ROLES.join(', ')}`);
  if (!/^\d+\s*[smhdwy]?$|^\d+\s*(sec|mins?|hours?|days?|weeks?|years?)$/i.test(values.expires)) {
    throw new Error('--expires must be a duration such as 30m, 1h or 7d');
  }
  const config = loadConfig();
  if (!config.AUTH_JWT_SECRET) {
    throw new Error(
      'AUTH_JWT_SECRET is not set: set it (in the environment or .env) to mint tokens',
    );
  }
  const token = await mintToken(config.AUTH_JWT_SECRET, {
    sub,
    role: values.role,
    expiresIn: values.expires,
    issuer: config.AUTH_ISSUER,
    audience: config.AUTH_AUDIENCE,
    roleClaim: config.AUTH_ROLE_CLAIM,
  });
  process.stdout.write(`${token}\n`);
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigurationError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`token: ${message}\n`);
  process.exit(1);
});
