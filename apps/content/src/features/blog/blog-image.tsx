import type { BlogPost, Image } from '@agri/api-client';
import { Picture, type PictureProps } from '@agri/ui';
import fallbackImage from '../../assets/blog-fallback.svg';

/** The card picture: the post's `image`, else its first image. */
export const cardImageOf = (post: BlogPost): Image | undefined => post.image ?? post.images[0];

/** A blog picture that shows the site's own illustration when the post has none or it fails to load. */
export const BlogImage = (props: Omit<PictureProps, 'fallback'>) => <Picture {...props} fallback={fallbackImage} />;
