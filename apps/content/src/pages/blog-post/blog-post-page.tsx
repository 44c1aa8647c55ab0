import { sharePictureUrl, useDataAreaFor, type BlogPost } from '@agri/api-client';
import { Breadcrumb, ItemPageView, PageHead, StructuredDataScript, Skeleton, business, pageTitle, htmlToText, truncateText } from '@agri/ui';
import { formatDate } from '@agri/ui/dates';
import { SafeHtml } from '@agri/ui/rich-text';
import { Island } from '@agri/ui/federation';
import { Link, useParams } from '@agri/ui/router';
import { BlogImage } from '../../features/blog/blog-image';
import { useBlogStore, useBlogsStore } from '../../features/blog/blog-store';
import { blogPostingData } from '../../features/seo/structured-data';
import '../../styles/content.css';
import './blog-post.css';

export const POST_DATE_PATTERN = 'MMMM Do YYYY';
export const MAX_RELATED_POSTS = 2;
const NOT_FOUND_TEXT = 'We could not find this article. It may have been moved or removed.';
const NOT_FOUND = { title: 'Article not found', text: NOT_FOUND_TEXT, link: { to: '/blogs', label: 'See all articles' } };

function RelatedPosts({ currentId }: { currentId: string }) {
  const { data: posts, isLoading } = useBlogsStore();
  const related = (posts ?? []).filter((post) => post._id !== currentId).slice(0, MAX_RELATED_POSTS);
  if (!isLoading && related.length === 0) return null;
  return (
    <aside className="related-posts card" aria-labelledby="related-posts-title">
      <h2 id="related-posts-title">Related Posts</h2>
      {isLoading ? (
        <div aria-busy="true" aria-label="Loading related posts">
          <Skeleton height="4rem" />
          <Skeleton height="4rem" />
        </div>
      ) : (
        <ul>
          {related.map((post) => (
            <li key={post._id}>
              <h3>{post.title}</h3>
              <p>
                <time dateTime={post.createdAt}>{formatDate(post.createdAt, POST_DATE_PATTERN)}</time>
              </p>
              <Link to={`/blog/${encodeURIComponent(post._id)}`}>
                Read More<span className="visually-hidden">: {post.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}

function PostSkeleton() {
  return (
    <div className="blog-post__article">
      <Skeleton height="2.5rem" />
      <Skeleton width="30%" />
      <Skeleton height="auto" className="blog-post__image-skeleton" />
      <Skeleton />
      <Skeleton />
      <Skeleton width="70%" />
    </div>
  );
}

function PostArticle({ post }: { post: BlogPost }) {
  return (
    <article className="blog-post__article">
      <PageHead
        title={pageTitle(post.title)}
        description={truncateText(htmlToText(post.description), 155)}
        keywords={`${post.title}, agri-food blog Kenya, food safety, ${business.name}`}
        image={sharePictureUrl(post.images[0]) ?? undefined}
      />
      <StructuredDataScript data={blogPostingData(window.location.origin, post)} />
      <h1>{post.title}</h1>
      <p className="blog-post__date">
        <time dateTime={post.createdAt}>{formatDate(post.createdAt, POST_DATE_PATTERN)}</time>
      </p>
      {post.images[0] ? (
        <BlogImage
          image={post.images[0]}
          alt=""
          width={1200}
          height={675}
          sizes="(min-width: 1200px) 780px, (min-width: 992px) 66vw, 100vw"
          className="blog-post__image"
          priority
        />
      ) : null}
      <SafeHtml html={post.description} className="blog-post__body prose" />
    </article>
  );
}

/** The page's content: the article and the related posts, a data area each (an island: it acts only when they change). */
export function BlogPost({ id }: { id: string }) {
  // The article the page shows, for the breadcrumb, once it is this page's (ItemPageView fetches it).
  const post = useBlogStore((state) => state.data);
  // The other articles, for 'Related Posts'.
  useDataAreaFor(useBlogsStore);

  return (
    <div className="container page-section">
      <Breadcrumb
        className="blog-post__breadcrumb"
        items={[{ label: 'Home', to: '/' }, { label: 'Blog', to: '/blogs' }, { label: post && post._id === id ? post.title : 'Article' }]}
      />
      <div className="blog-post">
        <ItemPageView
          useArea={useBlogStore}
          placeholder={<PostSkeleton />}
          loadingLabel="Loading article"
          notFound={NOT_FOUND}
          failure={{ title: 'The article could not be loaded' }}
        >
          {(shown) => <PostArticle post={shown} />}
        </ItemPageView>
        <RelatedPosts currentId={id} />
      </div>
    </div>
  );
}

export default function BlogPostPage() {
  const { id = '' } = useParams();
  return <Island name="content/blog-post" component={BlogPost} props={{ id }} hydration="changed" />;
}
