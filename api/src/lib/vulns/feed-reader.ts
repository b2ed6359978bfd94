import fs from 'node:fs'
import path from 'node:path'
import yauzl from 'yauzl'
import { InputError } from '../accounts.js'

/**
 * Reads an OSV feed one JSON document at a time: a file, a folder (recursively, in name order)
 * or a zip (osv.dev's `<Ecosystem>/all.zip`), so a feed of any size never sits in memory whole.
 * A document that cannot be read comes back as an error and the walk goes on.
 */

export type FeedDocument = { source: string; text: string } | { source: string; error: string }

/** A bigger single document is refused rather than parsed (JSON.parse needs it whole). */
export const MAX_DOCUMENT_BYTES = 200 * 1024 * 1024

/** The path given to import does not exist (an input error: the CLI prints it as is). */
/** Files read ahead of the one being imported. */
const READ_AHEAD = 16

export class FeedPathError extends InputError {
  override name = 'FeedPathError'
}

const tooBig = (bytes: number): string =>
  `too large (${Math.ceil(bytes / 1024 / 1024)} MB, the limit is ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB per document)`
const isZip = (file: string): boolean => file.toLowerCase().endsWith('.zip')
const isJson = (file: string): boolean => file.toLowerCase().endsWith('.json')

export async function* readFeed(target: string): AsyncGenerator<FeedDocument> {
  let stat: fs.Stats
  try {
    stat = await fs.promises.stat(target)
  } catch {
    throw new FeedPathError(`No such file or folder: ${target}`)
  }
  const root = path.resolve(target)
  if (stat.isDirectory()) {
    // Sources read "<folder>/<path inside it>": stable whatever the working directory.
    const label = (file: string): string => path.join(path.basename(root), path.relative(root, file))
    // Read a few files ahead (in order): one at a time leaves the importer waiting on the disk.
    const ahead: Array<Promise<FeedDocument>> = []
    for await (const file of walk(root)) {
      if (isZip(file)) {
        while (ahead.length > 0) yield await ahead.shift()!
        yield* readZip(file, label(file))
      } else if (isJson(file)) {
        ahead.push(readJson(file, label(file)))
        if (ahead.length >= READ_AHEAD) yield await ahead.shift()!
      }
    }
    while (ahead.length > 0) yield await ahead.shift()!
  } else if (isZip(root)) {
    yield* readZip(root, path.basename(root))
  } else {
    yield await readJson(root, path.basename(root))
  }
}

async function* walk(dir: string): AsyncGenerator<string> {
  const entries = (await fs.promises.readdir(dir, { withFileTypes: true })).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0
  )
  for (const entry of entries) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(full)
    else if (entry.isFile()) yield full
  }
}

async function readJson(file: string, source: string): Promise<FeedDocument> {
  try {
    const { size } = await fs.promises.stat(file)
    if (size > MAX_DOCUMENT_BYTES) return { source, error: tooBig(size) }
    return { source, text: await fs.promises.readFile(file, 'utf8') }
  } catch (error) {
    return { source, error: `cannot read: ${(error as Error).message}` }
  }
}

async function* readZip(file: string, source: string): AsyncGenerator<FeedDocument> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false })
  } catch (error) {
    yield { source, error: `not a readable zip: ${(error as Error).message}` }
    return
  }
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/') || !isJson(entry.fileName)) continue
      const member = `${source}!${entry.fileName}`
      if (entry.uncompressedSize > MAX_DOCUMENT_BYTES) {
        yield { source: member, error: tooBig(entry.uncompressedSize) }
        continue
      }
      try {
        const chunks: Buffer[] = []
        for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
        yield { source: member, text: Buffer.concat(chunks).toString('utf8') }
      } catch (error) {
        yield { source: member, error: `cannot read: ${(error as Error).message}` }
      }
    }
  } catch (error) {
    yield { source, error: `zip is damaged: ${(error as Error).message}` }
  } finally {
    zip.close()
  }
}
