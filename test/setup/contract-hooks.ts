import { takeContractViolations } from './contract';

/** Fails the test during which an app answered something its OpenAPI document does not say. */
function failOnViolations(): void {
  const violations = takeContractViolations();
  if (violations.length > 0) {
    throw new Error(`Responses that differ from the OpenAPI document:\n${violations.join('\n')}`);
  }
}

afterEach(failOnViolations);
afterAll(failOnViolations);
