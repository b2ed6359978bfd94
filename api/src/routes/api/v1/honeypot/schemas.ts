import { Type } from 'typebox'

export const IngestHeaders = Type.Object(
  {
    'x-api-key': Type.String({ description: 'A sensor key (`npm run cli -- create-sensor-key --name N`).' })
  },
  { additionalProperties: true }
)

export const IngestResponse = Type.Object({
  lines: Type.Integer({ description: 'Lines read (the number of the last line).' }),
  accepted: Type.Integer({ description: 'Events stored for the first time.' }),
  duplicates: Type.Integer({ description: 'Events already stored (resent, or twice in this body); counted once.' }),
  rejected: Type.Array(Type.Object({ line: Type.Integer(), error: Type.String() }), {
    description: 'The first 100 bad lines, by 1-based line number; they were skipped.'
  }),
  rejected_count: Type.Integer({ description: 'All bad lines.' })
})

export const IngestTooLarge = Type.Object(
  {
    detail: Type.String(),
    ...IngestResponse.properties
  },
  { description: 'Past a limit (bytes, compression ratio or lines): what was read and stored before it.' }
)
