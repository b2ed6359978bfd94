import Link from '@mui/material/Link';
import type { ReactNode } from 'react';

/** The URL when it is an absolute http(s) URL, else null. SBOM and advisory content is untrusted input. */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export interface SafeLinkProps {
  href: string | null | undefined;
  children?: ReactNode;
}

/**
 * A link that opens in a new tab without access to this page, only for http(s) URLs; anything
 * else (`javascript:`, `data:`, relative paths) is shown as plain text.
 */
export function SafeLink({ href, children }: SafeLinkProps) {
  const url = httpUrl(href);
  const label = children ?? href ?? '';
  if (!url) return <span>{label}</span>;
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
      {label}
    </Link>
  );
}
