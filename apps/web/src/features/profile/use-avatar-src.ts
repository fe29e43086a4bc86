import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchBlob } from '../../api/client';

/**
 * An avatar url of the API as something an <img> can show: the API wants the CSRF pair on every call, which an
 * <img> cannot send, so the image is fetched through the request client and shown from an object url.
 */
export function useAvatarSrc(url: string | null | undefined): string | undefined {
  const isApi = !!url && url.startsWith('/api/');
  const query = useQuery({
    queryKey: ['avatar', url],
    queryFn: ({ signal }) => fetchBlob(url ?? '', { signal, quiet: true }),
    enabled: isApi,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const blob = query.data?.blob;
  const objectUrl = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  if (!url) return undefined;
  return isApi ? objectUrl : url;
}
