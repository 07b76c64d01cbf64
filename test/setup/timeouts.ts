/**
 * An e2e test and its hooks may take 30 s, not Jest's 5 s: booting an app runs the migrations,
 * which on MariaDB on a busy two-core machine has taken more than five seconds. A hung test still
 * fails; a timing a test asserts is asserted by the test itself, never by this limit.
 */
jest.setTimeout(30_000);
