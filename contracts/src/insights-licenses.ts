import { Type, type Static } from 'typebox'
import { Actor } from './audit.js'
import { DateTime } from './common.js'
import { SbomLicense } from './insights.js'

// The tenant's license policy (docs/insights-api.md "License policy"): SPDX license ids its
// analysts deny. The SBOM tab flags components whose licenses name one.

/** At most this many denied ids: a policy, not a catalogue (SPDX lists ~700 licenses). */
export const DENIED_LICENSES_MAX = 200
/** The longest SPDX id is under 50 characters; LicenseRef- ids are the tenant's own. */
export const LICENSE_ID_MAX = 100

export const LicenseId = Type.String({
  minLength: 1,
  maxLength: LICENSE_ID_MAX,
  // SPDX ids (MIT, GPL-3.0-only, LicenseRef-acme) and the old "+" suffix: letters, digits, ".", "-", "+".
  pattern: '^[A-Za-z0-9.+-]+$',
  description: 'an SPDX license id (or LicenseRef-…); matched case-insensitively'
})

export const LicensePolicySet = Type.Object(
  { denied: Type.Array(LicenseId, { maxItems: DENIED_LICENSES_MAX }) },
  { additionalProperties: false }
)

export const LicensePolicy = Type.Object({
  denied: Type.Array(Type.String(), { description: 'as set, each id once (case-insensitively), in the order given' }),
  updated_at: Type.Union([DateTime, Type.Null()], { description: 'null: never set (nothing denied)' }),
  updated_by: Type.Union([Actor, Type.Null()])
})

/** At most this many distinct license sets are counted per SBOM (a real one has tens). */
export const LICENSE_SETS_MAX = 1000

/**
 * The SBOM's components grouped by the licenses they state (urls dropped), counted at upload:
 * what the report's Overview needs to count denied licenses without the SBOM itself.
 */
export const SbomLicenseSets = Type.Object({
  sets: Type.Union(
    [
      Type.Array(
        Type.Object({
          licenses: Type.Array(SbomLicense, { description: 'as the components state them; [] = no license stated' }),
          components: Type.Integer({ minimum: 1 })
        })
      ),
      Type.Null()
    ],
    { description: 'null: the SBOM was stored before these counts were kept (upload it again)' }
  ),
  complete: Type.Boolean({ description: `false: more than ${LICENSE_SETS_MAX} distinct sets; the later ones are not counted` })
})

export type LicensePolicySet = Static<typeof LicensePolicySet>
export type LicensePolicy = Static<typeof LicensePolicy>
export type SbomLicenseSets = Static<typeof SbomLicenseSets>
