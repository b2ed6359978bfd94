import type { AdvisoryLink } from '@console/contracts'
import { CVE_ID } from './osv-record.js'

/**
 * Where an analyst reads more about a vulnerability: its OSV pages, NVD, the distribution's or
 * GitHub's advisory, CISA's catalogue. Built only from ids (never from record text), so every
 * link is an https URL on a known site with the id encoded.
 */

const enc = encodeURIComponent

/** The advisory page of one id, when we know the site that publishes it. */
function vendorLink(id: string): AdvisoryLink | null {
  const distroCve = /^(DEBIAN|UBUNTU|ALPINE)-(CVE-\d{4}-\d{4,})$/.exec(id)
  if (distroCve !== null) {
    const [, distro, cve] = distroCve
    if (distro === 'DEBIAN')
      return { label: `Debian security tracker ${cve!}`, url: `https://security-tracker.debian.org/tracker/${enc(cve!)}` }
    if (distro === 'UBUNTU') return { label: `Ubuntu CVE tracker ${cve!}`, url: `https://ubuntu.com/security/${enc(cve!)}` }
    return { label: `Alpine security tracker ${cve!}`, url: `https://security.alpinelinux.org/vuln/${enc(cve!)}` }
  }
  if (/^(DSA|DLA|DTSA)-\d+(-\d+)?$/.test(id))
    return { label: `Debian security tracker ${id}`, url: `https://security-tracker.debian.org/tracker/${enc(id)}` }
  if (/^USN-\d+-\d+$/.test(id))
    return { label: `Ubuntu security notice ${id}`, url: `https://ubuntu.com/security/notices/${enc(id)}` }
  if (/^GHSA(-[0-9a-z]{4}){3}$/.test(id))
    return { label: `GitHub advisory ${id}`, url: `https://github.com/advisories/${enc(id)}` }
  return null
}

/**
 * Links for a CVE row: `cveId` (a CVE id or a record's own id), the real OSV records that speak
 * for it and its aliases; CISA's catalogue entry when it is known exploited.
 */
export function advisoryLinks(cveId: string, recordIds: string[], aliases: string[], kev: boolean): AdvisoryLink[] {
  const links: AdvisoryLink[] = []
  const seen = new Set<string>()
  const add = (link: AdvisoryLink | null): void => {
    if (link === null || seen.has(link.url)) return
    seen.add(link.url)
    links.push(link)
  }
  for (const id of [...recordIds].sort()) add({ label: `OSV ${id}`, url: `https://osv.dev/vulnerability/${enc(id)}` })
  if (CVE_ID.test(cveId)) add({ label: 'NVD', url: `https://nvd.nist.gov/vuln/detail/${enc(cveId)}` })
  for (const id of [cveId, ...recordIds, ...aliases]) add(vendorLink(id))
  if (kev && CVE_ID.test(cveId)) {
    add({
      label: 'CISA KEV',
      url: `https://www.cisa.gov/known-exploited-vulnerabilities-catalog?search_api_fulltext=${enc(cveId)}`
    })
  }
  return links
}
