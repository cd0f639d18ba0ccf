import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { AdminApiError, fetchUpload, isUploadUrl } from '../lib/admin-api.ts';
import { adminKeys } from '../lib/query-keys.ts';

interface PrivateImageProps {
  /** The upload's URL as the API gives it, e.g. /api/common/upload/abc.jpg. */
  url: string;
  alt: string;
}

/**
 * An uploaded image fetched with the operator's token and shown through an object URL, which
 * is revoked when the image leaves the screen. The raw URL never reaches an <img>: without the
 * token the server would refuse it, and the token must not travel in a URL.
 */
export function PrivateImage({ url, alt }: PrivateImageProps) {
  const valid = isUploadUrl(url);
  const {
    data: blob,
    error,
    isPending,
  } = useQuery({
    queryKey: adminKeys.upload(url),
    queryFn: ({ signal }) => fetchUpload(url, signal),
    enabled: valid,
    // ID documents do not change under a URL; kept briefly, in memory only.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
  const [objectUrl, setObjectUrl] = useState<string>();
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    setObjectUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setObjectUrl(undefined);
    };
  }, [blob]);

  if (!valid) return <Empty description="No image" />;
  if (broken) return <Empty description="The image could not be displayed." />;
  if (error) {
    const reason = error instanceof AdminApiError ? error.message : 'The image could not be read.';
    return <Empty description={`Image unavailable: ${reason}`} />;
  }
  if (isPending || !objectUrl)
    return (
      <div className="private-image-loading">
        <Spin aria-label="Loading the image" />
      </div>
    );
  return (
    <figure className="private-image">
      <img src={objectUrl} alt={alt} onError={() => setBroken(true)} />
      <figcaption>
        <Typography.Link href={objectUrl} target="_blank" rel="noopener">
          Open full size
        </Typography.Link>
      </figcaption>
    </figure>
  );
}
