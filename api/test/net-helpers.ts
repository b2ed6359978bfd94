import net from 'node:net'

/** A TCP server on 127.0.0.1 that accepts connections and never answers: a hung database. */
export async function silentListener(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}

/**
 * A loopback TCP proxy to a real server that can go silent: from `silence()` on, it still accepts
 * connections and keeps open ones open, but nothing passes either way (a database host that hangs).
 */
export async function silenceableProxy(target: {
  host: string
  port: number
}): Promise<{ port: number; silence: () => void; close: () => Promise<void> }> {
  let silent = false
  const sockets = new Set<net.Socket>()
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  }
  const server = net.createServer((client) => {
    track(client)
    if (silent) return
    const upstream = net.connect(target.port, target.host)
    track(upstream)
    client.on('data', (chunk) => {
      if (!silent) upstream.write(chunk)
    })
    upstream.on('data', (chunk) => {
      if (!silent) client.write(chunk)
    })
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => {
      if (!silent) client.destroy()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    silence: () => {
      silent = true
    },
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
