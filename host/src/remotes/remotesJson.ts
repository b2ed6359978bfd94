import { REMOTES_JSON_URL, type RemoteName } from './remoteCatalog';

/** An app's release as /remotes.json reports it (null: its build records none or was not found). */
export interface ReleaseInfo {
  name: string;
  version: string | null;
  buildTime: string | null;
}

export interface RemoteInfo extends ReleaseInfo {
  /** URL of its mf-manifest.json. */
  entry: string;
  requires?: Record<string, string>;
}

/** GET /remotes.json: where each remote lives, and what runs (deploy-time, served no-cache). */
export interface RemotesJson {
  host: ReleaseInfo;
  remotes: Record<RemoteName, RemoteInfo>;
}

export async function fetchRemotesJson(url = REMOTES_JSON_URL): Promise<RemotesJson> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as RemotesJson;
}
