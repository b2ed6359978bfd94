import fp from 'fastify-plugin'
import { HttpError } from '../../lib/http-error.js'

/** A `\u0000` escape not itself escaped: PostgreSQL text cannot hold NUL, so it would be a 500. */
const NUL_ESCAPE = /(?<!\\)(?:\\\\)*\\u0000/

/**
 * JSON only (plus what later routes add, e.g. multipart). An empty JSON body reads as "no body",
 * so `POST /token/refresh/` works whether or not the client sends a Content-Type. Dropping
 * text/plain stops cross-site "simple" form posts from reaching any handler.
 */
export const bodyParsersPlugin = fp(async (app) => {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString()
    if (text.trim() === '') {
      done(null, undefined)
      return
    }
    if (NUL_ESCAPE.test(text)) {
      done(new HttpError(400, 'Text must not contain NUL characters (\\u0000).'), undefined)
      return
    }
    parseJson(request, text, done)
  })
}, { name: 'body-parsers' })
