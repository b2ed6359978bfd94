import type { FastifySchemaCompiler } from 'fastify'
import type { TSchema } from 'typebox'
import { Compile } from 'typebox/compile'
import { Value } from 'typebox/value'

/**
 * TypeBoxValidatorCompiler with the conversion skipped when it cannot matter: params, query and
 * headers are converted (`Value.Convert`, which walks the schema on every request) only when
 * they fail the check as sent. Bodies are checked as sent, never converted. A value that already
 * passes is one that conversion would leave alone (every such schema here is strings).
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema)
  return (value: unknown) => {
    if (check.Check(value)) return { value }
    if (httpPart === 'body') return { error: check.Errors(value) }
    const converted = Value.Convert(schema, value)
    return check.Check(converted) ? { value: converted } : { error: check.Errors(converted) }
  }
}
