import { fillAsset, readAsset } from '../../assets.js'
import { tarGz } from './tar.js'

// The RTOS agent is a small C SDK: the firmware fills a console_inventory and hands the library
// its HTTP client (one callback); the library speaks the console's enrolment and inventory
// protocol (the same endpoints and JSON as the Linux agent). example_client.c is a reference
// client with a POSIX-socket transport that runs on a host, or on any RTOS with BSD sockets.
// The files are in api/assets/agents/rtos; only the version and architecture are filled in here.

export function rtosBundle(version: string, architecture: string): Buffer {
  const readme = fillAsset('agents/rtos/README.md', { '@@VERSION@@': version, '@@ARCHITECTURE@@': architecture })
  // Files at the archive root: the install script unpacks them straight into its folder.
  return tarGz(
    [
      { name: 'README.md', content: readme },
      { name: 'console_agent.h', content: fillAsset('agents/rtos/console_agent.h', { '@@VERSION@@': version }) },
      { name: 'console_agent.c', content: readAsset('agents/rtos/console_agent.c') },
      { name: 'example_client.c', content: readAsset('agents/rtos/example_client.c') }
    ],
    Math.floor(Date.UTC(2025, 0, 1) / 1000)
  )
}
