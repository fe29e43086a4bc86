import { findBadText } from '@zg/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Refuses, before a route's own schema, any string of the input (object keys too) that PostgreSQL cannot store: a
 * NUL character or a lone UTF-16 surrogate. One check for every body, query and path of every route, with the field
 * named in the Chinese 400, instead of a refine on each of hundreds of text fields.
 */
const StorableText = z.unknown().superRefine((value, ctx) => {
  const bad = findBadText(value);
  if (bad) ctx.addIssue({ code: 'custom', path: bad.path, message: bad.problem, input: value });
});

/** fastify-type-provider-zod's validator, with the storable-text check in front of every schema. */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: StorableText.pipe(route.schema) });
