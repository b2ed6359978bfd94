/**
 * CycloneDX BOM-Link (spec 1.6, "Linking external BOMs"): `urn:cdx:<serial-uuid>/<version>#<bom-ref>`,
 * the bom-ref percent-encoded. VEX documents and a BOM's own `affects` use it to name a component.
 */
// Read leniently (a VEX from another tool may leave out the version): the serial is compared, not checked.
const BOM_LINK = /^urn:cdx:([^/#]+)(?:\/(\d+))?#(.+)$/i

export interface BomLink {
  /** The BOM's serialNumber without its `urn:uuid:`, lower case. */
  serial: string
  /** Null when the link leaves it out. */
  version: number | null
  ref: string
}

export function parseBomLink(link: string): BomLink | null {
  const match = BOM_LINK.exec(link)
  if (match === null) return null
  let ref = match[3]!
  try {
    ref = decodeURIComponent(ref)
  } catch {
    // Not percent-encoded after all: the ref as written.
  }
  return { serial: match[1]!.toLowerCase(), version: match[2] === undefined ? null : Number(match[2]), ref }
}

/** `urn:uuid:<uuid>` → the uuid in lower case (how a BOM-Link names it); null for no or another serial. */
export function serialUuid(serialNumber: string | null): string | null {
  const match = /^urn:uuid:(.+)$/i.exec(serialNumber ?? '')
  return match === null ? null : match[1]!.toLowerCase()
}

/** `ref` as a plain bom-ref when it is a BOM-Link into the BOM of `serialNumber`; else as given. */
export function ownBomRef(ref: string, serialNumber: string | null): string {
  if (!ref.startsWith('urn:cdx:')) return ref
  const serial = serialUuid(serialNumber)
  const link = parseBomLink(ref)
  return serial !== null && link !== null && link.serial === serial ? link.ref : ref
}
