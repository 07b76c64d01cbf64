// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

/** The resource modules (features); shared code sits below them. */
const FEATURES = ['events', 'venues', 'organizers', 'categories', 'tags', 'terms', 'linked-posts'];

/** The resource a resource is built on, whose repository and entities it extends. */
const FEATURE_BASES = {
  venues: ['linked-posts'],
  organizers: ['linked-posts'],
  categories: ['terms'],
  tags: ['terms'],
};

/** Every top folder of src/ but the resources: the rooms below, beside and above them. */
const ROOMS = [
  'config',
  'common',
  'database',
  'read-cache',
  'posts',
  'access',
  'changes',
  'webhooks',
  'broker',
  'import',
  'observability',
  'health',
  'discovery',
];

/**
 * What each room may import besides itself (README "Layout"): shared code below the resources
 * imports none of them and nothing above it; the rooms above the resources reach them through
 * their services only (the resources' own rule forbids their repositories and entities). A
 * room not named here (the resources) may import every room but those above the resources.
 */
const ROOM_IMPORTS = {
  config: ['common'],
  common: ['config'],
  database: ['common', 'config', 'posts'],
  'read-cache': ['common', 'config', 'database'],
  posts: ['common', 'config', 'database', 'access', 'read-cache'],
  access: ['common', 'config', 'database', 'posts', 'read-cache', 'terms'],
  changes: ['common', 'config', 'database', 'read-cache'],
  webhooks: ['common', 'config', 'database', 'access', 'changes', 'observability'],
  broker: ['common', 'config', 'database', 'changes', 'observability'],
  import: ['common', 'config', 'database', 'posts', 'read-cache', 'access', 'changes', ...FEATURES],
  observability: ['common', 'config', 'database', 'access', 'read-cache'],
  health: ['common', 'config', 'database'],
  discovery: ['common', 'config', 'app'],
};

/** The rooms above the resources, which no resource imports. */
const ABOVE_RESOURCES = ['webhooks', 'broker', 'import', 'observability', 'health', 'discovery'];

/** The import patterns a room may not use: every other room (and src/app.*) it is not given. */
function forbiddenFor(room) {
  const allowed = ROOM_IMPORTS[room] ?? [
    ...ROOMS.filter((r) => !ABOVE_RESOURCES.includes(r)),
    ...FEATURES,
  ];
  const others = [...ROOMS, ...FEATURES].filter(
    (other) => other !== room && !allowed.includes(other),
  );
  return [
    ...others.map((other) => `**/${other}/**`),
    ...(allowed.includes('app') ? [] : ['**/app.module', '**/app.setup']),
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'eslint.config.mjs',
      // Generated from docs/openapi.json (npm run openapi).
      'test/client/calendar-api.d.ts',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  prettier,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      curly: ['error', 'multi-line'],
    },
  },
  // A file past about 600 lines of code mixes concerns: its room should split (STYLE.md 26).
  {
    files: ['src/**/*.ts'],
    ignores: ['**/*.spec.ts', 'src/database/migrations/**'],
    rules: {
      'max-lines': ['warn', { max: 600, skipBlankLines: true, skipComments: true }],
    },
  },
  // Each top folder of src/ imports only the rooms it is given (ROOM_IMPORTS); the one-shot
  // tasks (migrate, reindex and their runner, the OpenAPI writer, the importer's command) are
  // entry points, like scripts, and the data source's options list the entities of every room.
  ...[...ROOMS, ...FEATURES].map((room) => ({
    files: [`src/${room}/**/*.ts`],
    ignores: [
      '**/*.spec.ts',
      'src/database/migrate.ts',
      'src/database/reindex.ts',
      'src/database/database-task.ts',
      'src/database/data-source.options.ts',
      'src/discovery/write-openapi.ts',
      'src/import/import-tec.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: forbiddenFor(room),
              message: `The room src/${room}/ does not import this room (eslint.config.mjs, ROOM_IMPORTS).`,
            },
          ],
        },
      ],
    },
  })),
  // The layers (README "Layout"): shared code below the resources imports none of them, and
  // controllers speak HTTP to services, never to the database.
  {
    files: ['src/common/**/*.ts', 'src/posts/**/*.ts', 'src/config/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: FEATURES.map((feature) => `**/${feature}/**`),
              message: 'Shared code below the resources may not import a resource module.',
            },
          ],
        },
      ],
    },
  },
  // A resource reads and writes through its own repository and entities only: another
  // resource's data is reached through that resource's services (or the link ports in posts/
  // and terms/term-links.ts). Venues and organizers are built on linked-posts, categories and
  // tags on terms, so each may use its base.
  ...FEATURES.map((feature) => {
    const own = new Set([feature, ...(FEATURE_BASES[feature] ?? [])]);
    const others = FEATURES.filter((other) => !own.has(other));
    return {
      files: [`src/${feature}/**/*.ts`],
      ignores: ['**/*.spec.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: others.flatMap((other) => [
                  `**/${other}/entities/**`,
                  `**/${other}/*.repository`,
                ]),
                message: `A resource uses only its own repository and entities (${feature}).`,
              },
            ],
          },
        ],
      },
    };
  }),
  {
    files: ['src/**/*.controller.ts'],
    // Readiness asks the database itself whether it answers.
    ignores: ['src/health/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'typeorm', message: 'Controllers go through services, not the database.' },
            {
              name: '@nestjs/typeorm',
              message: 'Controllers go through services, not the database.',
            },
          ],
          patterns: [
            {
              group: ['**/*.repository', '**/entities/**'],
              message: 'Controllers go through services.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', '**/*.spec.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
      'no-console': 'off',
    },
  },
);
