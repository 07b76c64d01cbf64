import type { OperationObject, PathItemObject, ResponseObject } from '@nestjs/swagger';
import examples from './recorded-answers.json';

/** Where `npm run openapi:examples` writes the examples, from the project's root. */
export const RESPONSE_EXAMPLES_FILE = 'src/discovery/recorded-answers.json';

/** How an example is keyed: the operation's verb and path template, and the status. */
export function exampleKey(method: string, template: string, status: number): string {
  return `${method.toLowerCase()} ${template} ${status}`;
}

const EXAMPLES: Readonly<Record<string, unknown>> = examples;

const VERBS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * `item` with each success response's JSON content carrying the real answer recorded for it
 * (`recorded-answers.json`, written by `npm run openapi:examples` from a run of the service on
 * sample data), so Swagger UI shows answers instead of schema placeholders.
 */
export function withResponseExamples(template: string, item: PathItemObject): PathItemObject {
  const result: PathItemObject = { ...item };
  for (const verb of VERBS) {
    const operation = item[verb];
    if (operation === undefined) continue;
    const responses: OperationObject['responses'] = { ...operation.responses };
    for (const [status, response] of Object.entries(responses)) {
      const example = EXAMPLES[exampleKey(verb, template, Number(status))];
      const described = response as ResponseObject;
      const json = described.content?.['application/json'];
      if (example === undefined || json === undefined) continue;
      responses[status] = {
        ...described,
        content: { ...described.content, 'application/json': { ...json, example } },
      };
    }
    result[verb] = { ...operation, responses };
  }
  return result;
}
