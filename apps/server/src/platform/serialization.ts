import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type Stringify = (data: unknown) => string;

/**
 * The JSON Schema fast-json-stringify compiles from a response's zod schema (its output side: what the handler hands
 * over), or null when the schema has a part JSON Schema cannot say exactly (then the route keeps JSON.stringify).
 * `unrepresentable: 'any'` turns a date or a custom type into `{}`, which fast-json-stringify writes with
 * JSON.stringify, as before.
 */
export function responseJsonSchema(schema: ZodType): Record<string, unknown> | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-07' }) as Record<
      string,
      unknown
    >;
    delete json.$schema;
    return json;
  } catch {
    return null;
  }
}

/**
 * Responses are written by fast-json-stringify from their schemas (compiled once per route, at the route's first
 * reply), instead of zod checking every reply and JSON.stringify walking it. fast-json-stringify writes only what the
 * schema declares (an undeclared field is left out, as zod's stripping did) but trusts the types, so outside
 * production (`validate`: tests and development) every reply is still checked against its zod schema first and a
 * reply that does not match it fails as before (ResponseSerializationError, a 500).
 */
export function createSerializerCompiler({ validate }: { validate: boolean }): FastifySerializerCompiler<ZodType> {
  return ({ schema, method, url }) => {
    let stringify: Stringify | undefined;
    const compile = (): Stringify => {
      const json = responseJsonSchema(schema);
      if (json) {
        try {
          return fastJson(json) as Stringify;
        } catch {
          // a schema fast-json-stringify cannot compile: JSON.stringify of zod's encoding below
        }
      }
      return (data) => {
        const result = z.safeEncode(schema, data);
        if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
        return JSON.stringify(result.data);
      };
    };
    return (data: unknown) => {
      if (validate) {
        const result = z.safeEncode(schema, data);
        if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      }
      stringify ??= compile();
      return stringify(data);
    };
  };
}
