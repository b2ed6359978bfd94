import cookie from '@fastify/cookie'
import fp from 'fastify-plugin'

// Cookies are not signed: every token in them is random and checked against its stored hash.
export const cookiePlugin = fp(
  async (app) => {
    await app.register(cookie)
  },
  { name: 'cookie' }
)
