import fp from 'fastify-plugin'

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
    parseJson(request, text, done)
  })
}, { name: 'body-parsers' })
