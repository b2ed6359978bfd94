import fs from 'node:fs'
import zlib from 'node:zlib'

/**
 * Writes a real ZIP archive (deflated members, central directory) so the importer's zip reader
 * is tested on the format osv.dev's all.zip uses, without a zip tool on the machine.
 */
export function writeZip(file: string, members: Array<{ name: string; data: string | Buffer }>): void {
  const locals: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const member of members) {
    const name = Buffer.from(member.name, 'utf8')
    const raw = Buffer.isBuffer(member.data) ? member.data : Buffer.from(member.data, 'utf8')
    const directory = member.name.endsWith('/')
    const body = directory ? Buffer.alloc(0) : zlib.deflateRawSync(raw)
    const crc = directory ? 0 : zlib.crc32(raw)
    const method = directory ? 0 : 8
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6) // UTF-8 names
    local.writeUInt16LE(method, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(raw.length * Number(!directory), 22)
    local.writeUInt16LE(name.length, 26)
    locals.push(local, name, body)
    const entry = Buffer.alloc(46)
    entry.writeUInt32LE(0x02014b50, 0)
    entry.writeUInt16LE(20, 4)
    entry.writeUInt16LE(20, 6)
    entry.writeUInt16LE(0x0800, 8)
    entry.writeUInt16LE(method, 10)
    entry.writeUInt32LE(crc, 16)
    entry.writeUInt32LE(body.length, 20)
    entry.writeUInt32LE(raw.length * Number(!directory), 24)
    entry.writeUInt16LE(name.length, 28)
    entry.writeUInt32LE(offset, 42)
    central.push(entry, name)
    offset += local.length + name.length + body.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(members.length, 8)
  end.writeUInt16LE(members.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  fs.writeFileSync(file, Buffer.concat([...locals, directory, end]))
}
