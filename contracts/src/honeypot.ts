import { Type, type Static } from 'typebox'

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

export const HoneypotMetrics = Type.Object({
  total_attacks: Type.Integer({ minimum: 0, description: 'Sessions started in the last 24 hours.' }),
  top_asns: Type.Array(Type.Object({ asn: Type.String(), count: Count }), { description: 'Top 10 by sessions, last 14 days.' }),
  top_countries: Type.Array(Type.Object({ country: Type.String(), count: Count }), {
    description: 'Top 10 by sessions, last 14 days.'
  }),
  top_commands: Type.Array(Type.Object({ command: Type.String(), count: Count }), {
    description: 'Top 10 by occurrences, last 14 days.'
  }),
  top_hashes: Type.Array(Type.Object({ hash: Type.String(), count: Count }), {
    description: 'Top 10 file SHA-256 by occurrences, last 14 days.'
  })
})

export type HoneypotIngestResult = Static<typeof HoneypotIngestResult>
export type HoneypotMetrics = Static<typeof HoneypotMetrics>
