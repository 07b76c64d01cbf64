/**
 * Two corrections to how Swagger UI (at /docs) presents this API, as a Swagger UI plugin. The
 * function is sent to the browser as its source text (`@nestjs/swagger` writes functions in
 * `swaggerOptions` into its init script), so it must use nothing but its parameters: no import,
 * no helper outside it.
 *
 * 1. **Padlocks.** Reads declare the bearer token optional (`security: [{}, {bearer: []}]`): a
 *    token shows an editor more, none is needed. Swagger UI draws a padlock on every operation
 *    with a requirement besides the empty one, closed when "satisfied", and the empty
 *    requirement is always satisfied: so reads showed a closed padlock and writes an open one
 *    until authorized, which a newcomer reads the wrong way round. The summary of an operation
 *    whose token is optional is drawn as a public one (no padlock); a token given in Authorize
 *    is still sent with it, as the document says. Writes, and reads that need a token (webhooks),
 *    keep theirs.
 * 2. **Form-encoded bodies.** Swagger UI fills every field of an
 *    `application/x-www-form-urlencoded` body with a generated placeholder (`string`,
 *    `4294967295`, `true`), which the service rightly refuses (or, for `hide_from_listings`,
 *    obeys), and sends every field left empty as `key=` ("Send empty value" starts ticked). A
 *    field now starts with its schema's `example` when it has one (the required ones do) and
 *    empty otherwise, and an empty field is sent only when its "Send empty value" is ticked: the
 *    form works as it opens, as the JSON example does.
 */
export function swaggerUiPlugin(system: SwaggerUiSystem): SwaggerUiPluginSpec {
  const React = system.React;
  return {
    wrapComponents: {
      OperationSummary: (Original) => (props) => {
        const operation = props.operationProps;
        const security = operation?.get('security');
        if (!operation || !security || security.size < 2) {
          return React.createElement(Original, props);
        }
        const anonymous = security.filter((requirement) => requirement.isEmpty());
        if (anonymous.size === 0) return React.createElement(Original, props);
        return React.createElement(Original, {
          ...props,
          operationProps: operation.set('security', anonymous),
        });
      },
      // "Send empty value" starts unticked: Swagger UI ticks it for every optional form field,
      // so each field left empty was sent as `key=`, which the service reads as a value.
      ParameterIncludeEmpty: (Original) => (props) =>
        React.createElement(Original, {
          ...props,
          isIncludedOptions: { ...props.isIncludedOptions, defaultValue: false },
        }),
      RequestBody: (Original) => (props) => {
        const type = String(props.contentType ?? '');
        if (!/x-www-form-urlencoded|multipart\/form-data/.test(type) || !props.fn) {
          return React.createElement(Original, props);
        }
        const fn = props.fn;
        const sample = (schema: unknown, ...rest: unknown[]): unknown => {
          const plain =
            schema && typeof (schema as { toJS?: unknown }).toJS === 'function'
              ? (schema as { toJS: () => unknown }).toJS()
              : schema;
          const { example, type } = (plain ?? {}) as { example?: unknown; type?: unknown };
          // Form fields are sampled one property at a time, with `false` for the media type;
          // Swagger UI reads a list field's value as JSON.
          if (rest[0] === false) {
            if (example !== undefined) return example;
            return type === 'array' ? '[]' : undefined;
          }
          return fn.getSampleSchema(schema, ...rest);
        };
        return React.createElement(Original, { ...props, fn: { ...fn, getSampleSchema: sample } });
      },
    },
  };
}

/**
 * Swagger UI's own `DownloadUrl` plugin, which `@nestjs/swagger` installs by default and drops
 * when `plugins` are given: looked up in the page when Swagger UI starts.
 */
export function downloadUrlPlugin(system: SwaggerUiSystem): unknown {
  const page = globalThis as unknown as {
    SwaggerUIBundle: { plugins: { DownloadUrl(system: SwaggerUiSystem): unknown } };
  };
  return page.SwaggerUIBundle.plugins.DownloadUrl(system);
}

/** What of Swagger UI's system the plugin uses. */
export interface SwaggerUiSystem {
  readonly React: {
    createElement(component: unknown, props: Record<string, unknown>): unknown;
  };
}

/** An Immutable.js list of security requirements, as Swagger UI holds them. */
interface RequirementList {
  readonly size: number;
  filter(keep: (requirement: { isEmpty(): boolean }) => boolean): RequirementList;
}

/** Swagger UI's props of an operation's summary (an Immutable.js map). */
interface OperationProps {
  get(key: 'security'): RequirementList | undefined;
  set(key: 'security', value: RequirementList): OperationProps;
}

type Props = Record<string, unknown> & {
  operationProps?: OperationProps;
  contentType?: string;
  isIncludedOptions?: Record<string, unknown>;
  fn?: { getSampleSchema(schema: unknown, ...rest: unknown[]): unknown };
};

/** A Swagger UI plugin that wraps components. */
export interface SwaggerUiPluginSpec {
  readonly wrapComponents: Record<string, (Original: unknown) => (props: Props) => unknown>;
}
