/**
 * A part of the app (a lazily loaded chunk) that the browser could not load. After a new version is deployed, the
 * old version's chunk names are gone from the server, so an open tab meets this on its next navigation.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i.test(
      error.message,
    ) || error.name === 'ChunkLoadError'
  );
}
