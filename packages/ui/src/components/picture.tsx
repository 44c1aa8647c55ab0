import { pictureUrl, type Image } from '@agri/api-client';
import { useState, type CSSProperties } from 'react';

export interface PictureProps {
  image: Image | undefined;
  /** Said when the picture has no description of its own ('' where the text beside it says it all). */
  alt: string;
  /** The box the layout gives it (its shape; CSS sets the size): the page does not move when it arrives. */
  width: number;
  height: number;
  /** How wide the layout shows it, so a phone picks the small file: '(min-width: 768px) 50vw, 100vw'. */
  sizes: string;
  className?: string;
  /** The page's largest picture, in view on arrival: fetched first and never lazily (LCP). */
  priority?: boolean;
  /** The site's own picture, for an image that is missing or fails to load. */
  fallback?: string;
}

const srcsetOf = (files: { url: string; width: number }[]) =>
  files.flatMap(({ url, width }) => {
    const resolved = pictureUrl(url);
    return resolved ? [`${resolved} ${width}w`] : [];
  });

/**
 * A picture as a phone can afford it: a media-library picture offers its widths in AVIF and WebP (the
 * browser takes the smallest that fits `sizes`), its colour until it arrives and its subject kept in the
 * crop; any other image is shown as it is.
 */
export function Picture({ image, alt, width, height, sizes, className, priority = false, fallback }: PictureProps) {
  const [broken, setBroken] = useState(false);
  const src = broken ? null : pictureUrl(image?.url);
  const loading = { loading: priority ? 'eager' : 'lazy', fetchPriority: priority ? 'high' : undefined, decoding: 'async' } as const;
  if (!src || !image) {
    return fallback ? <img src={fallback} alt={alt} width={width} height={height} className={className} {...loading} /> : null;
  }
  const style: CSSProperties = {
    ...(image.placeholder ? { backgroundColor: image.placeholder } : {}),
    ...(image.focus ? { objectPosition: `${Math.round(image.focus.x * 100)}% ${Math.round(image.focus.y * 100)}%` } : {}),
  };
  const img = (
    <img
      src={src}
      alt={image.alt ?? alt}
      width={width}
      height={height}
      className={className}
      style={style}
      {...loading}
      onError={fallback ? () => setBroken(true) : undefined}
    />
  );
  const sources = (image.sources ?? []).map((source) => ({ type: source.type, srcSet: srcsetOf(source.files).join(', ') })).filter((source) => source.srcSet);
  if (sources.length === 0) return img;
  return (
    <picture className="ui-picture">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
