import { gzipSync } from 'node:zlib'

export interface TarEntry {
  name: string
  content: string | Buffer
  mode?: number
}

function header(name: string, size: number, mode: number, mtime: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`)
  const block = Buffer.alloc(512)
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0') + '\0'
  block.write(name, 0, 100, 'utf8')
  block.write(octal(mode, 8), 100, 8, 'ascii')
  block.write(octal(0, 8), 108, 8, 'ascii')
  block.write(octal(0, 8), 116, 8, 'ascii')
  block.write(octal(size, 12), 124, 12, 'ascii')
  block.write(octal(mtime, 12), 136, 12, 'ascii')
  block.write('        ', 148, 8, 'ascii') // checksum is computed with this field as spaces
  block.write('0', 156, 1, 'ascii')
  block.write('ustar\u000000', 257, 8, 'ascii')
  block.write('root', 265, 32, 'ascii')
  block.write('root', 297, 32, 'ascii')
  let sum = 0
  for (const byte of block) sum += byte
  block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii')
  return block
}

/** A minimal ustar writer (regular files only), gzip-compressed: enough for a source bundle. */
export function tarGz(entries: TarEntry[], mtime = 0): Buffer {
  const parts: Buffer[] = []
  for (const entry of entries) {
    const data = typeof entry.content === 'string' ? Buffer.from(entry.content, 'utf8') : entry.content
    parts.push(header(entry.name, data.length, entry.mode ?? 0o644, mtime), data, Buffer.alloc((512 - (data.length % 512)) % 512))
  }
  parts.push(Buffer.alloc(1024))
  return gzipSync(Buffer.concat(parts))
}
