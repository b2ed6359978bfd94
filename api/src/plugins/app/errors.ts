import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify'
import fp from 'fastify-plugin'
import { databaseTrouble, TROUBLE_DETAIL } from '../../db/errors.js'
import { HttpError, NOT_FOUND } from '../../lib/http-error.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the static plugin when a built host exists: index.html answers unknown page paths. */
    spaRoot: string | null
  }
}

interface ErrorBody {
  detail: string
  errors?: Record<string, string>
}

const PART_LABELS: Record<string, string> = {
  body: 'Invalid request body.',
  querystring: 'Invalid query parameters.',
  params: 'Invalid path parameters.',
  headers: 'Invalid request headers.'
}

const FASTIFY_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON body.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body must not be empty.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Request body size did not match Content-Length.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type. Send application/json.'],
  FST_ERR_CTP_INVALID_TYPE: [415, 'Unsupported content type. Send application/json.'],
  // handlerTimeout (REQUEST_TIMEOUT_SECONDS): most often a database that is busy or does not answer.
  FST_ERR_HANDLER_TIMEOUT: [
    503,
    'The server could not answer in time (the database may be busy or unavailable). Try again later.'
  ]
}

const joinPath = (base: string, key: string): string => (base === '' ? key : `${base}.${key}`)

/** Maps validation errors (TypeBox or Ajv shaped) to `{ "field.path": "message" }`. */
export function fieldErrors(validation: FastifySchemaValidationError[], part: string): Record<string, string> {
  const errors: Record<string, string> = {}
  const put = (path: string, message: string) => {
    const key = path === '' ? part : path
    errors[key] ??= message
  }
  for (const error of validation) {
    const base = error.instancePath.split('/').filter(Boolean).join('.')
    const params = error.params as Record<string, unknown>
    if (error.keyword === 'required') {
      const missing = params.requiredProperties ?? params.missingProperty
      for (const name of ([] as unknown[]).concat(missing ?? [])) put(joinPath(base, String(name)), 'This field is required.')
    } else if (error.keyword === 'additionalProperties') {
      const extra = params.additionalProperties ?? params.additionalProperty
      for (const name of ([] as unknown[]).concat(extra ?? [])) put(joinPath(base, String(name)), 'Unknown field.')
    } else if (error.keyword === 'boolean' && error.message === 'schema is false') {
      put(base, 'Unknown field.')
    } else {
      const message = error.message ?? 'is invalid'
      put(base, message.charAt(0).toUpperCase() + message.slice(1) + '.')
    }
  }
  return errors
}

function describe(error: FastifyError | HttpError | Error): {
  status: number
  body: ErrorBody
  headers?: Record<string, string>
} {
  if (error instanceof HttpError) {
    const body: ErrorBody = error.errors === undefined ? { detail: error.detail } : { detail: error.detail, errors: error.errors }
    return { status: error.statusCode, body, headers: error.headers }
  }
  const fastifyError = error as FastifyError
  if (fastifyError.validation !== undefined) {
    const part = fastifyError.validationContext ?? 'body'
    return {
      status: 400,
      body: { detail: PART_LABELS[part] ?? 'Invalid request.', errors: fieldErrors(fastifyError.validation, part) }
    }
  }
  const known = fastifyError.code === undefined ? undefined : FASTIFY_MESSAGES[fastifyError.code]
  if (known !== undefined) return { status: known[0], body: { detail: known[1] } }
  const trouble = databaseTrouble(error)
  if (trouble !== undefined) return { status: 503, body: { detail: TROUBLE_DETAIL[trouble] }, headers: { 'retry-after': '5' } }
  const status = fastifyError.statusCode ?? 500
  if (status >= 400 && status < 500) {
    // Fastify's own 4xx messages are safe to show; anything else gets the plain status phrase.
    const detail = fastifyError.code?.startsWith('FST_') ? fastifyError.message : `${STATUS_CODES[status] ?? 'Bad request'}.`
    return { status, body: { detail } }
  }
  return { status: 500, body: { detail: 'Internal server error.' } }
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html')
}

function isApiPath(url: string): boolean {
  return (
    url === '/api' ||
    url.startsWith('/api/') ||
    url.startsWith('/api?') ||
    url.startsWith('/remotes/') ||
    url.startsWith('/remotes.json')
  )
}

export const errorsPlugin = fp(
  async (app) => {
    app.decorate('spaRoot', null)

    app.setErrorHandler((error: FastifyError | Error, request, reply) => {
      const { status, body, headers } = describe(error)
      if (status === 503)
        request.log.warn(
          { err: error, detail: body.detail },
          'request not served: the database is unavailable or the answer took too long'
        )
      else if (status >= 500) request.log.error({ err: error }, 'request failed')
      else request.log.info({ statusCode: status, detail: body.detail }, 'request rejected')
      if (headers !== undefined) void reply.headers(headers)
      void reply.code(status).type('application/json; charset=utf-8').send(body)
    })

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const spaRoot = app.spaRoot
      if (
        spaRoot !== null &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(request.url) &&
        acceptsHtml(request)
      ) {
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', spaRoot)
      }
      return reply.code(404).type('application/json; charset=utf-8').send({ detail: NOT_FOUND })
    })
  },
  { name: 'errors' }
)
