import { pictureUrl, type BlogPost } from '@agri/api-client';
import { useState } from 'react';
import fallbackImage from '../../assets/blog-fallback.svg';

/** The card picture: the post's `image`, else its first image. */
export const cardImageOf = (post: BlogPost) => post.image ?? post.images[0]?.url;

interface BlogImageProps {
  src: string | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** The page's main picture, in view on arrival: fetched first rather than when scrolled to (LCP). */
  priority?: boolean;
}

/** A blog picture that shows the site's own illustration when the post has none or it fails to load. */
export function BlogImage({ src, alt, width, height, className, priority = false }: BlogImageProps) {
  const [broken, setBroken] = useState(false);
  const resolved = broken ? null : pictureUrl(src);
  return (
    <img
      src={resolved ?? fallbackImage}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      onError={() => setBroken(true)}
    />
  );
}
