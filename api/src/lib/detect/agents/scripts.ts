import type { Db } from '../../../db/client.js'
import { fillAsset, readAsset, shellQuote as quote } from '../../assets.js'
import { buildsOf } from './catalogue.js'

/**
 * Install and uninstall scripts served by /api/v1/agents/{type}/install|uninstall. The programs are
 * api/assets/agents/{linux,rtos}-{install,uninstall}.sh (checked by shellcheck); only the server
 * origin and the build uids are filled in here. The origin is checked first and the uids are ours;
 * both go into the script single-quoted.
 */

const SAFE_ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/

/** The origin the scripts download from: PUBLIC_URL, else the request's own (if it is sane). */
export function scriptOrigin(publicUrl: string | undefined, requestOrigin: string): string {
  if (publicUrl !== undefined) return publicUrl
  return SAFE_ORIGIN.test(requestOrigin) ? requestOrigin : 'http://localhost:8080'
}

interface Build {
  uid: string
  architecture: string
}

export function linuxInstallScript(origin: string, builds: Build[]): string {
  const uidFor = (arch: string) => quote(builds.find((b) => b.architecture === arch)?.uid ?? '')
  return fillAsset('agents/linux-install.sh', {
    '@@ORIGIN@@': origin,
    '@@SERVER@@': quote(origin),
    '@@AGENT_X86_64@@': uidFor('x86_64'),
    '@@AGENT_AARCH64@@': uidFor('aarch64'),
    '@@AGENT_ARMV7L@@': uidFor('armv7l')
  })
}

export const linuxUninstallScript = (): string => readAsset('agents/linux-uninstall.sh')

/** The file's one `case` line for an architecture, written once per build. */
const RTOS_CASE = '  @@ARCHITECTURE@@) AGENT=@@AGENT@@ ;;'

export function rtosInstallScript(origin: string, builds: Build[]): string {
  return fillAsset('agents/rtos-install.sh', {
    [RTOS_CASE]: builds
      .map((b) => RTOS_CASE.replace('@@ARCHITECTURE@@', () => b.architecture).replace('@@AGENT@@', () => quote(b.uid)))
      .join('\n'),
    '@@ARCHITECTURES@@': builds.map((b) => b.architecture).join(', '),
    '@@SERVER@@': quote(origin)
  })
}

export const rtosUninstallScript = (): string => readAsset('agents/rtos-uninstall.sh')

/** The install script of a device type, naming this version's builds (architecture → uid). */
export async function installScript(db: Db, deviceType: 'linux' | 'rtos', origin: string): Promise<string> {
  const builds = await buildsOf(db, deviceType)
  return deviceType === 'linux' ? linuxInstallScript(origin, builds) : rtosInstallScript(origin, builds)
}

export const uninstallScript = (deviceType: 'linux' | 'rtos'): string =>
  deviceType === 'linux' ? linuxUninstallScript() : rtosUninstallScript()
