import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { apiRoutes } from '../../functions/server/api-apps';
import { openApiDocument } from '../../functions/lib/openapi-document';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
interface Route {
  template: string;
  pattern: RegExp;
  operations: Record<string, Operation>;
}

let loaded: Promise<{ routes: Route[]; errorSchema: object }> | undefined;
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const compiled = new Map<object, ValidateFunction>();

/** The OpenAPI document of the apps the tests call, with a matcher for each path template. */
export function openApiRoutes() {
  loaded ??= openApiDocument(apiRoutes()).then((doc) => {
    const paths = doc.paths as Record<string, Record<string, Operation>>;
    const routes = Object.entries(paths).map(([template, operations]) => ({
      template,
      // {key} of the upload route spans slashes, like the route itself.
      pattern: new RegExp(`^${template.replace(/\{key\}/g, '.+').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      operations,
    }));
    // Fixed paths first: /api/festivals/page before /api/festivals/{id}.
    routes.sort((a, b) => (a.template.includes('{') ? 1 : 0) - (b.template.includes('{') ? 1 : 0));
    const anyError = Object.values(paths)
      .flatMap((ops) => Object.values(ops))
      .find((op) => op.responses['503'])!;
    return { routes, errorSchema: anyError.responses['503'].content!['application/json'].schema! };
  });
  return loaded;
}

function validator(schema: object): ValidateFunction {
  let fn = compiled.get(schema);
  if (!fn) compiled.set(schema, (fn = ajv.compile(schema)));
  return fn;
}

/**
 * Throws unless the answer is one the OpenAPI document describes for that route: a documented success
 * status whose JSON body validates against its schema, or an error in the one error shape.
 */
export async function checkAgainstOpenApi(
  method: string,
  url: string,
  status: number,
  contentType: string | null,
  json: unknown,
) {
  const { routes, errorSchema } = await openApiRoutes();
  const path = new URL(url, 'http://localhost').pathname;
  // The documentation's own routes (the document and Swagger UI) are not part of the API it describes.
  if (path === '/api/openapi.json' || path === '/api/docs' || path.startsWith('/api/docs/')) return;
  const route = routes.find((r) => r.pattern.test(path));
  const isJson = contentType?.includes('application/json') ?? false;
  const where = `${method} ${path} -> ${status}`;
  if (!route || !route.operations[method.toLowerCase()]) {
    // Unknown paths and methods: the JSON 404 of every app, in the error shape.
    if (status >= 400 && isJson) return assertValid(validator(errorSchema), json, where);
    if (status >= 400) return;
    throw new Error(`OpenAPI: ${where} is not in the document`);
  }
  const response = route.operations[method.toLowerCase()].responses[String(status)];
  if (!response) {
    if (status >= 400) return isJson ? assertValid(validator(errorSchema), json, where) : undefined;
    throw new Error(`OpenAPI: ${where}: status not documented for ${route.template}`);
  }
  const schema = isJson ? response.content?.['application/json']?.schema : undefined;
  if (schema) assertValid(validator(schema), json, where);
}

function assertValid(validate: ValidateFunction, body: unknown, where: string) {
  if (validate(body)) return;
  const problems = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message}`)
    .join('; ');
  throw new Error(`OpenAPI: ${where}: the body does not match the document: ${problems}`);
}
