import type { FastifyRequest } from 'fastify'

/**
 * Whether a browser says this request comes from another site (ASVS 5.0 V3.5.1 / V3.5.3), the way
 * Go's net/http CrossOriginProtection decides:
 * - `Sec-Fetch-Site: same-origin` or `none` (typed URL, bookmark): same origin;
 * - any other Sec-Fetch-Site (`same-site`, `cross-site`): cross-site unless Origin is trusted;
 * - no Sec-Fetch-Site (an older browser): the Origin's host must be the Host the request was sent
 *   to (`request.host`, X-Forwarded-Host under TRUST_PROXY) or a trusted origin;
 * - neither header: not a browser request (curl, agents, API-key clients): let through.
 */
export function isCrossSite(request: FastifyRequest, trustedOrigins: ReadonlySet<string>): boolean {
  const site = request.headers['sec-fetch-site']
  const origin = request.headers.origin
  if (site === 'same-origin' || site === 'none') return false
  if (origin !== undefined && trustedOrigins.has(origin)) return false
  if (typeof site === 'string' && site !== '') return true
  if (origin === undefined) return false
  try {
    return new URL(origin).host !== request.host
  } catch {
    return true // "null" (a sandboxed frame, a redirect chain) or garbage
  }
}
