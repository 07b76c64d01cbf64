import type { Config } from 'jest';

const common = {
  moduleFileExtensions: ['js', 'json', 'ts'],
  transform: {
    // The Swagger CLI plugin runs in the tests too, so they see the document the build serves.
    '^.+\\.ts$': [
      'ts-jest',
      {
        tsconfig: '<rootDir>/../tsconfig.spec.json',
        astTransformers: { before: ['<rootDir>/../test/setup/swagger-plugin.js'] },
      },
    ],
  },
  testEnvironment: 'node',
} satisfies Config;

const config: Config = {
  projects: [
    { ...common, displayName: 'unit', rootDir: 'src', testRegex: '.*\\.spec\\.ts$' },
    // The scripts' own logic (the seed's data) has unit tests beside it.
    { ...common, displayName: 'scripts', rootDir: 'scripts', testRegex: '.*\\.spec\\.ts$' },
    {
      ...common,
      displayName: 'e2e',
      rootDir: 'test',
      testRegex: '.*\\.e2e-spec\\.ts$',
      // Every response an e2e test sees is checked against the OpenAPI document; a test and its
      // hooks get 30 s (test/setup/timeouts.ts).
      setupFilesAfterEnv: ['<rootDir>/setup/timeouts.ts', '<rootDir>/setup/contract-hooks.ts'],
    },
  ],
};

export default config;
