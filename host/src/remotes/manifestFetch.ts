/**
 * Reads a remote's mf-manifest.json, revalidated on every load (an operator may replace a remote in
 * place). In the entry chunk, not in the contract's: the request leaves as soon as the remote's
 * location is known, while the contract check's code and the federation runtime are still loading.
 */
export async function fetchManifest(entry: string): Promise<unknown> {
  const response = await fetch(entry, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${entry} answered ${response.status}`);
  return response.json();
}
