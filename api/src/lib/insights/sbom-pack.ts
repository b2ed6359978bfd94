import { once } from 'node:events'
import { createGzip } from 'node:zlib'
import { sbomStats } from './analysis.js'
import type { SbomDocument } from './cyclonedx.js'
import { scoreSeverities } from './severity.js'
import type { SbomColumns } from './scan.js'
import { listedPackages, type FeedAnalysis } from './sbom-vulns.js'
import { scanHistoryOf } from './scan-history.js'

/** Array items serialised per write: a few hundred KB of JSON, never the whole document at once. */
const ITEMS_PER_WRITE = 2000

/**
 * The insight_sboms columns of a normalised SBOM, its JSON written piece by piece into gzip.
 * The text is byte for byte JSON.stringify(document) (same keys, same order), but neither the
 * whole string nor its bytes ever exist: a 900,000-component SBOM would need two copies of
 * ~200 MB. What the upload worker runs; packSbom (scan.ts) is the in-process form.
 */
export async function packSbomColumns(document: SbomDocument, feed: FeedAnalysis | null, demo: boolean): Promise<SbomColumns> {
  scoreSeverities(document.vulnerabilities)
  const stats = sbomStats(document, feed ?? undefined)
  const gzip = createGzip({ level: 6 })
  const chunks: Buffer[] = []
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = once(gzip, 'end')
  let bytes = 0
  const write = async (text: string): Promise<void> => {
    bytes += Buffer.byteLength(text)
    if (!gzip.write(text)) await once(gzip, 'drain')
  }
  const array = async (items: readonly unknown[]): Promise<void> => {
    await write('[')
    for (let from = 0; from < items.length; from += ITEMS_PER_WRITE) {
      const piece = items
        .slice(from, from + ITEMS_PER_WRITE)
        .map((item) => JSON.stringify(item))
        .join(',')
      await write(from === 0 ? piece : `,${piece}`)
    }
    await write(']')
  }
  // The key order of normaliseSbom's object, as JSON.stringify(document) writes it.
  const { components, vulnerabilities, dependencies, ...head } = document
  await write(JSON.stringify(head).slice(0, -1) + ',"components":')
  await array(components)
  await write(',"vulnerabilities":')
  await array(vulnerabilities)
  // Absent from documents stored before the graph was kept (reanalysed ones): left absent.
  if (dependencies) {
    await write(',"dependencies":')
    await array(dependencies)
  }
  await write('}')
  gzip.end()
  await ended
  return {
    specVersion: document.spec_version,
    componentCount: components.length,
    vulnerabilityCount: vulnerabilities.length,
    documentBytes: bytes,
    documentGzipBase64: Buffer.concat(chunks).toString('base64'),
    stats,
    packages: listedPackages(feed),
    ecosystems: feed?.ecosystems ?? null,
    demo,
    history: await scanHistoryOf(document)
  }
}
