import { useDataAreaFor, type BlogPost } from '@agri/api-client';
import { Button, Skeleton, StatusPanel, htmlToText, truncateText } from '@agri/ui';
import { formatDate } from '@agri/ui/dates';
import { Link } from '@agri/ui/router';
import { BlogImage, cardImageOf } from '../../features/blog/blog-image';
import { useBlogsStore } from '../../features/blog/blog-store';
import '../../styles/content.css';
import './blogs.css';
import { PageBanner } from '../../features/page-banner/page-banner';

export const CARD_PREVIEW_LENGTH = 70;
export const CARD_DATE_PATTERN = 'MMMM Do YYYY';
const SKELETON_CARDS = 4;

function BlogCardSkeleton() {
  return (
    <div className="blog-card card" data-testid="blog-card-skeleton">
      <Skeleton height="auto" className="blog-card__image-skeleton" />
      <div className="blog-card__body">
        <Skeleton height="1.6em" />
        <Skeleton />
        <Skeleton width="40%" />
      </div>
    </div>
  );
}

function BlogCard({ post, first }: { post: BlogPost; first: boolean }) {
  return (
    <article className="blog-card card">
      <BlogImage src={cardImageOf(post)} alt="" width={800} height={500} className="blog-card__image" priority={first} />
      <div className="blog-card__body">
        <h2>
          <Link to={`/blog/${encodeURIComponent(post._id)}`} className="stretched-link">
            {post.title}
          </Link>
        </h2>
        <p>{truncateText(htmlToText(post.description), CARD_PREVIEW_LENGTH)}</p>
        <p className="blog-card__date">
          <time dateTime={post.createdAt}>{formatDate(post.createdAt, CARD_DATE_PATTERN)}</time>
        </p>
      </div>
    </article>
  );
}

/** The articles, or why there are none yet. */
function BlogsBody() {
  const { data, isSuccess, isError, message, run } = useDataAreaFor(useBlogsStore);

  const cards = (data ?? []).map((post, index) => <BlogCard key={post._id} post={post} first={index === 0} />);
  if (isError) {
    const retry = <Button onClick={() => void run()}>Try again</Button>;
    return <StatusPanel title="The articles could not be loaded" role="alert" actions={retry}>{message}</StatusPanel>;
  }
  // Until the first answer (the fetch starts after the first render) the page is loading, not empty.
  if (!isSuccess) {
    const skeletons = Array.from({ length: SKELETON_CARDS }, (_, index) => <BlogCardSkeleton key={index} />);
    return <div className="blog-grid" aria-busy="true" aria-label="Loading articles">{skeletons}</div>;
  }
  if (cards.length === 0) return <StatusPanel title="No articles yet">Our consultants are writing the first articles. Check back soon.</StatusPanel>;
  return <div className="blog-grid">{cards}</div>;
}

export default function BlogsPage() {
  return (
    <>
      <PageBanner title="Our Blog" crumb="Blog" intro="Practical guidance on food safety, certification, product development and agribusiness in Kenya." />
      <div className="container page-section"><BlogsBody /></div>
    </>
  );
}
