import fp from 'fastify-plugin'
import { HttpError } from '../../lib/http-error.js'
import { formatPath, inspectJson, type JsonIssue } from '../../lib/json-inspect.js'
import { textProblem } from '../../lib/text.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route checks its JSON body item by item (alert ingest: a bad document is rejected by
     * index, the others stored) and reads `request.jsonIssues` itself. Query and params are
     * still checked here.
     */
    perItemInput?: boolean
  }
}

function errorsOf(issues: JsonIssue[], part: string): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) errors[formatPath(issue.path) || part] ??= issue.message
  return errors
}

/**
 * One place for what no route may let through to the database or the JSON layer (ASVS 5.0
 * 2.2.1, 1.5.3): NUL characters and unpaired surrogates in any header, query, path or JSON body
 * string, duplicate keys and runaway nesting in JSON bodies. Each is a 400 naming the field.
 * Headers go first, in onRequest, because the auth hook after this one looks credentials up.
 */
export const inputChecksPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      const errors: Record<string, string> = {}
      for (const [name, value] of Object.entries(request.headers)) {
        for (const text of ([] as unknown[]).concat(value ?? [])) {
          const problem = typeof text === 'string' ? textProblem(text) : undefined
          if (problem !== undefined) errors[name] ??= problem
        }
      }
      if (Object.keys(errors).length > 0) throw new HttpError(400, 'Invalid request headers.', {}, errors)
    })

    app.addHook('preValidation', async (request) => {
      for (const [part, value, label] of [
        ['params', request.params, 'Invalid path parameters.'],
        ['query', request.query, 'Invalid query parameters.']
      ] as const) {
        const issues = inspectJson(value, { maxDepth: 4 })
        if (issues.length > 0) throw new HttpError(400, label, {}, errorsOf(issues, part))
      }
      const issues = request.jsonIssues
      if (issues !== null && issues.length > 0 && request.routeOptions.config.perItemInput !== true) {
        throw new HttpError(400, 'Invalid request body.', {}, errorsOf(issues, 'body'))
      }
    })
  },
  { name: 'input-checks', dependencies: ['body-parsers'] }
)
