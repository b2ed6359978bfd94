import { Type, type Static } from 'typebox'

// GET /remotes.json: where the host finds each remote, and the versions running.

const Release = {
  name: Type.String(),
  version: Type.Union([Type.String(), Type.Null()], { description: 'null when its build records none or cannot be read' }),
  buildTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()])
}

export const RemoteRelease = Type.Object({
  ...Release,
  entry: Type.String({ description: 'URL of its mf-manifest.json (REMOTE_<NAME>_URL)' }),
  requires: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'semver ranges it needs from the host' }))
})

export const Remotes = Type.Object({
  host: Type.Object(Release),
  remotes: Type.Object({ detect: RemoteRelease, insights: RemoteRelease, threat: RemoteRelease })
})

export type RemoteRelease = Static<typeof RemoteRelease>
export type Remotes = Static<typeof Remotes>

// GET /api/v1/health/: whether this API process can serve, for a load balancer or a monitor.

export const Health = Type.Object({
  status: Type.Literal('ok', { description: 'the process answers and its database answered a statement' })
})
export const HealthQuery = Type.Object({}, { additionalProperties: false })

export type Health = Static<typeof Health>
