import type { refusal as Refusal } from '../../remotes/contract';
import { REMOTE_LABELS, type RemoteName } from '../../remotes/remoteCatalog';
import type { RemotesJson } from '../../remotes/remotesJson';

export interface AboutRow {
  app: string;
  version: string | null;
  buildTime: string | null;
  /** Whether this console runs it: "Running", "Compatible", the refusal, or why it is unknown. */
  status: string;
  refused: boolean;
}

/** One row for the host, one per remote, from /remotes.json and this host's contract check. */
export function aboutRows(doc: RemotesJson, refusal: typeof Refusal): AboutRow[] {
  const host: AboutRow = { app: 'Console (host)', ...doc.host, status: 'Running', refused: false };
  const remotes = (Object.keys(REMOTE_LABELS) as RemoteName[]).map((name): AboutRow => {
    const info = doc.remotes[name];
    const row = { app: REMOTE_LABELS[name], version: info?.version ?? null, buildTime: info?.buildTime ?? null };
    if (!info?.version) return { ...row, status: 'Not found: its manifest could not be read', refused: false };
    if (!info.requires) return { ...row, status: 'Records no contract: loaded unchecked', refused: false };
    const refused = refusal(name, { version: info.version, requires: info.requires });
    return { ...row, status: refused ?? 'Compatible', refused: Boolean(refused) };
  });
  return [host, ...remotes];
}
