import { useDataAreaFor, type BlogPost } from '@agri/api-client';
import { DataAreaView, Skeleton, htmlToText, truncateText } from '@agri/ui';
import { formatDate } from '@agri/ui/dates';
import { Link } from '@agri/ui/router';
import { BlogImage, cardImageOf } from '../../features/blog/blog-image';
import { useBlogsStore } from '../../features/blog/blog-store';
import { SectionHeading } from './section-heading';

export const HOME_PREVIEW_LENGTH = 100;
export const HOME_DATE_PATTERN = 'MMMM D YYYY';
const LARGE_CATEGORY = 'col-1';
const COMPACT_CATEGORY = 'col-2';
const MAX_LARGE = 2;
const MAX_COMPACT = 3;

function HomeBlogCard({ post, layout }: { post: BlogPost; layout: 'large' | 'compact' }) {
  const large = layout === 'large';
  return (
    <article className={`home-blog-card home-blog-card--${layout}`}>
      <BlogImage
        image={cardImageOf(post)}
        alt=""
        width={large ? 800 : 320}
        height={large ? 500 : 240}
        sizes={large ? '(min-width: 1200px) 390px, (min-width: 768px) 33vw, 100vw' : '96px'}
        className="home-blog-card__image"
      />
      <div className="home-blog-card__body">
        <p className="home-blog-card__date">
          <time dateTime={post.createdAt}>{formatDate(post.createdAt, HOME_DATE_PATTERN)}</time>
        </p>
        <h3>
          <Link to={`/blog/${encodeURIComponent(post._id)}`} className="stretched-link">
            {post.title}
          </Link>
        </h3>
        {large ? <p>{truncateText(htmlToText(post.description), HOME_PREVIEW_LENGTH)}</p> : null}
      </div>
    </article>
  );
}

function HomeBlogSkeleton() {
  return (
    <div className="home-blog__grid">
      <div className="home-blog__large">
        {Array.from({ length: MAX_LARGE }, (_, index) => (
          <div key={index} className="home-blog-card home-blog-card--large">
            <Skeleton height="180px" />
            <Skeleton width="40%" />
            <Skeleton height="1.5em" />
            <Skeleton />
          </div>
        ))}
      </div>
      <div className="home-blog__compact">
        {Array.from({ length: MAX_COMPACT }, (_, index) => (
          <div key={index} className="home-blog-card home-blog-card--compact">
            <Skeleton width="96px" height="72px" />
            <Skeleton height="2.5em" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The cards the home page shows of the articles: at most 2 large ('col-1') and 3 compact ('col-2'). */
function homeCards(posts: BlogPost[]) {
  return [
    { layout: 'large', posts: posts.filter((post) => post.category === LARGE_CATEGORY).slice(0, MAX_LARGE) },
    { layout: 'compact', posts: posts.filter((post) => post.category === COMPACT_CATEGORY).slice(0, MAX_COMPACT) },
  ] as const;
}

/** The latest articles: at most 2 large ('col-1') and 3 compact ('col-2') cards. */
export function HomeBlogSection() {
  const area = useDataAreaFor(useBlogsStore);
  const cards = area.data ? homeCards(area.data).filter((group) => group.posts.length > 0) : null;

  return (
    <section className="page-section section-alt home-blog" aria-labelledby="home-blog-title">
      <div className="container">
        <SectionHeading eyebrow="Insights" id="home-blog-title" title="From Our Blog" link={{ to: '/blogs', label: 'View All' }} />
        <DataAreaView
          area={{ ...area, data: cards }}
          placeholder={<HomeBlogSkeleton />}
          loadingLabel="Loading articles"
          failure={{ title: 'Our latest articles could not be loaded' }}
          onRetry={() => void area.run()}
          empty={<p className="home-blog__note">New articles are on their way.</p>}
        >
          {(groups) => (
            <div className="home-blog__grid">
              {groups.map(({ layout, posts }) => (
                <div key={layout} className={`home-blog__${layout}`}>
                  {posts.map((post) => (
                    <HomeBlogCard key={post._id} post={post} layout={layout} />
                  ))}
                </div>
              ))}
            </div>
          )}
        </DataAreaView>
      </div>
    </section>
  );
}
