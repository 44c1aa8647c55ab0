import type { BlogPost } from '@agri/api-client';
import { Breadcrumb, Button, Skeleton, StatusPanel, formatDate, htmlToText, truncateText } from '@agri/ui';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { BlogImage, cardImageOf } from '../../features/blog/blog-image';
import { useBlogsStore } from '../../features/blog/blog-store';
import '../../styles/content.css';
import './blogs.css';

export const CARD_PREVIEW_LENGTH = 70;
export const CARD_DATE_PATTERN = 'MMMM Do YYYY';
const SKELETON_CARDS = 4;

function BlogCard({ post }: { post: BlogPost }) {
  return (
    <article className="blog-card card">
      <BlogImage src={cardImageOf(post)} alt="" width={800} height={500} className="blog-card__image" />
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

export default function BlogsPage() {
  const { data, isSuccess, isError, message, run: loadBlogs } = useBlogsStore();
  const posts = data ?? [];
  useEffect(() => {
    void useBlogsStore.getState().run();
  }, []);

  let body;
  // Until the first answer (the fetch starts after the first render) the page is loading, not empty.
  if (!isSuccess && !isError)
    body = (
      <div className="blog-grid" aria-busy="true" aria-label="Loading articles">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <BlogCardSkeleton key={index} />
        ))}
      </div>
    );
  else if (isError)
    body = (
      <StatusPanel
        title="The articles could not be loaded"
        role="alert"
        actions={<Button onClick={() => void loadBlogs()}>Try again</Button>}
      >
        {message}
      </StatusPanel>
    );
  else if (posts.length === 0)
    body = <StatusPanel title="No articles yet">Our consultants are writing the first articles. Check back soon.</StatusPanel>;
  else
    body = (
      <div className="blog-grid">
        {posts.map((post) => (
          <BlogCard key={post._id} post={post} />
        ))}
      </div>
    );

  return (
    <>
      <div className="page-banner">
        <div className="container">
          <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Blog' }]} />
          <h1>Our Blog</h1>
          <p>Practical guidance on food safety, certification, product development and agribusiness in Kenya.</p>
        </div>
      </div>
      <div className="container page-section">{body}</div>
    </>
  );
}
