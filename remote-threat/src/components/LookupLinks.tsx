import { SafeLink } from '@console/shared';
import Box from '@mui/material/Box';

const link = (base: string, value: string) => `${base}${encodeURIComponent(value)}`;

/** Public lookups of a file's SHA-256: MalwareBazaar and VirusTotal search. */
export function HashLinks({ hash }: { hash: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, fontSize: '0.75rem', whiteSpace: 'nowrap' }}>
      <SafeLink href={`https://bazaar.abuse.ch/browse.php?search=${encodeURIComponent(`sha256:${hash}`)}`}>
        MalwareBazaar
      </SafeLink>
      <SafeLink href={link('https://www.virustotal.com/gui/search/', hash)}>VirusTotal</SafeLink>
    </Box>
  );
}

/** Who routes an address and who has reported it: Hurricane Electric's BGP toolkit and AbuseIPDB. */
export function IpLinks({ ip }: { ip: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, fontSize: '0.75rem', whiteSpace: 'nowrap' }}>
      <SafeLink href={link('https://bgp.he.net/ip/', ip)}>AS lookup</SafeLink>
      <SafeLink href={link('https://www.abuseipdb.com/check/', ip)}>AbuseIPDB</SafeLink>
    </Box>
  );
}
