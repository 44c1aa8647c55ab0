import { useDataAreaFor, type BlogPost } from '@agri/api-client';
import { CardListAreaView, Skeleton, StatusPanel, htmlToText, truncateText } from '@agri/ui';
import { formatDate } from '@agri/ui/dates';
import { Island } from '@agri/ui/federation';
import { Link } from '@agri/ui/router';
import { BlogImage, cardImageOf } from '../../features/blog/blog-image';
import { useBlogsStore } from '../../features/blog/blog-store';
import '../../styles/content.css';
import './blogs.css';
import { PageBanner } from '../../features/page-banner/page-banner';

export const CARD_PREVIEW_LENGTH = 70;
export const CARD_DATE_PATTERN = 'MMMM Do YYYY';
const postPath = (post: BlogPost) => `/blog/${encodeURIComponent(post._id)}`;

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
      <BlogImage
        image={cardImageOf(post)}
        alt=""
        width={800}
        height={500}
        sizes="(min-width: 1200px) 584px, (min-width: 768px) 50vw, 100vw"
        className="blog-card__image"
        priority={first}
      />
      <div className="blog-card__body">
        <h2>
          <Link to={postPath(post)} className="stretched-link">
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

/** The articles, or why there are none yet (an island: it acts only when they change). */
export function BlogsBody() {
  const area = useDataAreaFor(useBlogsStore);
  return (
    <CardListAreaView
      area={area}
      listName="Blog"
      pathOf={postPath}
      loadingLabel="Loading articles"
      failure={{ title: 'The articles could not be loaded' }}
      empty={<StatusPanel title="No articles yet">Our consultants are writing the first articles. Check back soon.</StatusPanel>}
      grid={(cards) => <div className="blog-grid">{cards}</div>}
      cardPlaceholder={<BlogCardSkeleton />}
      card={(post, first) => <BlogCard post={post} first={first} />}
    />
  );
}

export default function BlogsPage() {
  return (
    <>
      <PageBanner title="Our Blog" crumb="Blog" intro="Practical guidance on food safety, certification, product development and agribusiness in Kenya." />
      <div className="container page-section">
        <Island name="content/blogs" component={BlogsBody} props={{}} hydration="changed" />
      </div>
    </>
  );
}
