import fp from 'fastify-plugin'
import { inspectJson, type JsonIssue } from '../../lib/json-inspect.js'

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * What the JSON body holds that the API refuses (duplicate keys, NUL, unpaired surrogates,
     * nesting past MAX_BODY_DEPTH), found while the text is at hand; null for other bodies.
     * The input-checks plugin answers 400 for them, or hands them to a per-item route.
     */
    jsonIssues: JsonIssue[] | null
  }
}

/** No route's schema nests half this deep; the walk itself is iterative, so any depth is safe to measure. */
export const MAX_BODY_DEPTH = 64

/**
 * JSON only (plus what later routes add, e.g. multipart). An empty JSON body reads as "no body",
 * so `POST /token/refresh/` works whether or not the client sends a Content-Type. Dropping
 * text/plain stops cross-site "simple" form posts from reaching any handler.
 */
export const bodyParsersPlugin = fp(
  async (app) => {
    app.decorateRequest('jsonIssues', null)
    const parseJson = app.getDefaultJsonParser('error', 'error')
    app.removeContentTypeParser(['application/json', 'text/plain'])
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body.toString()
      if (text.trim() === '') {
        done(null, undefined)
        return
      }
      parseJson(request, text, (error, value) => {
        if (error !== null) {
          done(error, undefined)
          return
        }
        // A per-item route (alert ingest: ≤ 1,000 documents) needs every document's issue, not the first 20.
        const maxIssues = request.routeOptions.config.perItemInput === true ? 10_000 : 20
        request.jsonIssues = inspectJson(value, { text, maxDepth: MAX_BODY_DEPTH, maxIssues })
        done(null, value)
      })
    })
  },
  { name: 'body-parsers' }
)
