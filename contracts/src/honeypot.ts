import { Type, type Static, type TInteger, type TString } from 'typebox'
import { DateTime, NullableDateTime, NullableString } from './common.js'

// The honeynet: sensors' event ingestion and the global metrics THREAT shows.

export const HoneypotIngestHeaders = Type.Object(
  {
    'x-api-key': Type.String({ description: 'A sensor key (`npm run cli -- create-sensor-key --name N`).' })
  },
  { additionalProperties: true }
)

export const HoneypotIngestResult = Type.Object({
  lines: Type.Integer({ description: 'Lines read (the number of the last line).' }),
  accepted: Type.Integer({ description: 'Events stored for the first time.' }),
  duplicates: Type.Integer({ description: 'Events already stored (resent, or twice in this body); counted once.' }),
  rejected: Type.Array(Type.Object({ line: Type.Integer(), error: Type.String() }), {
    description: 'The first 100 bad lines, by 1-based line number; they were skipped.'
  }),
  rejected_count: Type.Integer({ description: 'All bad lines.' })
})

export const HoneypotIngestTooLarge = Type.Object(
  {
    detail: Type.String(),
    ...HoneypotIngestResult.properties
  },
  { description: 'Past a limit (bytes, compression ratio or lines): what was read and stored before it.' }
)

const Count = Type.Integer({ minimum: 0 })

/** A top-10 list: `{ <key>: string, count }` items, most first. */
function topList<K extends string>(key: K, description: string) {
  const item = { [key]: Type.String(), count: Count } as { [P in K]: TString } & { count: TInteger }
  return Type.Array(Type.Object(item), { description })
}

export const HoneypotMetrics = Type.Object({
  total_attacks: Type.Integer({ minimum: 0, description: 'Sessions started in the last 24 hours.' }),
  top_asns: topList('asn', 'Top 10 by sessions, last 14 days.'),
  top_countries: topList('country', 'Top 10 by sessions, last 14 days.'),
  top_commands: topList('command', 'Top 10 by occurrences, last 14 days.'),
  top_hashes: topList('hash', 'Top 10 file SHA-256 by occurrences, last 14 days.')
})

const rangeOf = (description: string) =>
  Type.Union([Type.Literal('24h'), Type.Literal('7d'), Type.Literal('14d'), Type.Literal('30d')], { description })

export const HoneypotRange = rangeOf('The window ending now: the last 24 hours, 7, 14 or 30 days.')

export const HoneypotMetricsQuery = Type.Object({
  range: Type.Optional(
    rangeOf('When set, the total and the top lists all cover this window. Unset: the total covers 24 hours, the lists 14 days.')
  )
})

export const HoneypotRangeQuery = Type.Object({
  range: Type.Optional(rangeOf('The window ending now (default 14d).'))
})

/** The window an answer covers: [from, to], to being the time of the answer. */
const Window = {
  range: HoneypotRange,
  from: DateTime,
  to: DateTime
}

export const HoneypotTrend = Type.Object({
  ...Window,
  bucket: Type.Union([Type.Literal('hour'), Type.Literal('day')], {
    description:
      'Hours for 24h and 7d, UTC days for 14d and 30d. The first and last buckets are partial (the window does not start on a boundary).'
  }),
  total: Type.Integer({ minimum: 0, description: 'Attacks (sessions) in the window: the sum of the points.' }),
  previous_total: Type.Integer({ minimum: 0, description: 'Attacks in the window of the same length just before.' }),
  previous_complete: Type.Boolean({
    description: 'False when the previous window reaches past the retention (HONEYPOT_RETENTION_DAYS): its counts are partial.'
  }),
  points: Type.Array(
    Type.Object({
      start: DateTime,
      count: Count,
      previous: Type.Integer({ minimum: 0, description: 'The same bucket one window length earlier.' })
    })
  )
})

export const HoneypotShare = Type.Object(
  {
    total: Type.Integer({ minimum: 0, description: 'Attacks in the window.' }),
    rows: Type.Array(Type.Object({ value: Type.String(), count: Count }), {
      description: 'Top 10 known values by attacks; ties by value.'
    }),
    other: Type.Integer({ minimum: 0, description: 'Attacks from known values outside the top 10.' }),
    unknown: Type.Integer({ minimum: 0, description: 'Attacks with no known value ("unknown"); never ranked.' })
  },
  { description: 'rows + other + unknown = total, so shares are of all attacks in the window.' }
)

export const HoneypotOrigins = Type.Object({
  ...Window,
  countries: HoneypotShare,
  asns: HoneypotShare
})

export const HoneypotTopLists = Type.Object({
  ...Window,
  source_ips: topList('value', 'Top 10 source addresses by attacks (sessions).'),
  usernames: topList('value', 'Top 10 usernames by login attempts (cowrie.login.failed and cowrie.login.success).'),
  passwords: topList('value', 'Top 10 passwords by login attempts; "" is the empty password.'),
  urls: topList('value', 'Top 10 URLs of cowrie.session.file_download by downloads.')
})

export const HoneypotSessionsQuery = Type.Object({
  range: HoneypotRangeQuery.properties.range,
  ip: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Source address, exactly.' })),
  asn: Type.Optional(
    Type.String({ minLength: 1, maxLength: 500, description: 'ASN as shown ("AS14061 DigitalOcean, LLC"), exactly.' })
  ),
  country: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Country name, exactly.' })),
  command: Type.Optional(Type.String({ minLength: 1, maxLength: 16384, description: 'A command the session ran, exactly.' })),
  hash: Type.Optional(
    Type.String({ pattern: '^[0-9a-fA-F]{64}$', description: 'SHA-256 of a file the session fetched or pushed.' })
  ),
  cursor: Type.Optional(Type.String({ maxLength: 400, description: 'next_cursor of the previous page.' })),
  limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$', description: '1..100, default 50' }))
})

export const HoneypotSession = Type.Object({
  id: Type.String({ description: '`<sensor>/<Cowrie session id>`' }),
  started_at: DateTime,
  src_ip: Type.String(),
  asn: Type.String(),
  country: Type.String(),
  sensor: Type.String()
})

export const HoneypotSessionList = Type.Object({
  ...Window,
  results: Type.Array(HoneypotSession, { description: 'Newest first.' }),
  next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as cursor for the next page; null on the last.' })
})

export const HoneypotSessionParams = Type.Object({ id: Type.String({ minLength: 3, maxLength: 2000 }) })

export const HoneypotTimelineEvent = Type.Object({
  ts: DateTime,
  eventid: Type.String(),
  kind: Type.Union(
    [
      Type.Literal('connect'),
      Type.Literal('login_failed'),
      Type.Literal('login_success'),
      Type.Literal('command'),
      Type.Literal('download'),
      Type.Literal('upload'),
      Type.Literal('close'),
      Type.Literal('other')
    ],
    { description: 'What the timeline shows it as.' }
  ),
  username: NullableString,
  password: NullableString,
  input: NullableString,
  url: NullableString,
  shasum: NullableString
})

export const HoneypotSessionTimeline = Type.Object({
  session: HoneypotSession,
  events: Type.Array(HoneypotTimelineEvent, { description: 'Oldest first; at most 1,000.' }),
  truncated: Type.Boolean({ description: 'The session has more events than listed.' })
})

export const HoneypotSensors = Type.Object({
  ...Window,
  sensors: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      created_at: DateTime,
      last_event_at: NullableDateTime,
      events: Type.Integer({ minimum: 0, description: 'Events it sent, by event time, in the window.' })
    }),
    { description: 'Every live sensor key, oldest first.' }
  )
})

export const HoneypotStixBundle = Type.Object(
  {
    type: Type.Literal('bundle'),
    id: Type.String(),
    objects: Type.Array(Type.Record(Type.String(), Type.Unknown()))
  },
  { description: 'A STIX 2.1 bundle: an identity, and an indicator per address, file hash and URL.' }
)

export type HoneypotIngestResult = Static<typeof HoneypotIngestResult>
export type HoneypotMetrics = Static<typeof HoneypotMetrics>
export type HoneypotMetricsQuery = Static<typeof HoneypotMetricsQuery>
export type HoneypotRange = Static<typeof HoneypotRange>
export type HoneypotRangeQuery = Static<typeof HoneypotRangeQuery>
export type HoneypotTrend = Static<typeof HoneypotTrend>
export type HoneypotShare = Static<typeof HoneypotShare>
export type HoneypotOrigins = Static<typeof HoneypotOrigins>
export type HoneypotTopLists = Static<typeof HoneypotTopLists>
export type HoneypotSessionsQuery = Static<typeof HoneypotSessionsQuery>
export type HoneypotSession = Static<typeof HoneypotSession>
export type HoneypotSessionList = Static<typeof HoneypotSessionList>
export type HoneypotSessionParams = Static<typeof HoneypotSessionParams>
export type HoneypotTimelineEvent = Static<typeof HoneypotTimelineEvent>
export type HoneypotSessionTimeline = Static<typeof HoneypotSessionTimeline>
export type HoneypotSensors = Static<typeof HoneypotSensors>
export type HoneypotStixBundle = Static<typeof HoneypotStixBundle>
