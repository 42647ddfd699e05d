import { useFrameMessages, useTranslation } from '../../../lib/i18n.js';
import { useBlogPosts } from '../api/get-blog-posts.js';
import { useNews } from '../api/get-news.js';
import { BlogList } from './blog-list.js';
import { NewsCarousel } from './news-carousel.js';
import '../news.css';

/** /noticias: the news carousel, then the blog list (docs/spec/patient-and-public.md, "News and blog page"). */
export function NewsPage() {
  const { t } = useTranslation('news');
  const messages = useFrameMessages();
  const news = useNews();
  const blog = useBlogPosts();
  // One loading note until both lists are in: the carousel arriving first would push the blog
  // section down under the reader (a layout shift; Lighthouse's CLS on a phone).
  if (news.isPending || blog.isPending) {
    return (
      <div className="news-page">
        <h1>{t('newsPage.title')}</h1>
        <p className="news-note">{messages.loading}</p>
      </div>
    );
  }
  return (
    <div className="news-page">
      <h1>{t('newsPage.title')}</h1>
      {news.isPending ? (
        <p className="news-note">{messages.loading}</p>
      ) : news.isError ? (
        <p className="news-note" role="alert">
          {messages.loadFailed}
        </p>
      ) : news.data.length === 0 ? (
        <p className="news-empty">{messages.noNews}</p>
      ) : (
        <NewsCarousel items={news.data} />
      )}

      <section className="blog-section" aria-labelledby="blog-title">
        <h2 id="blog-title">{t('newsPage.blog')}</h2>
        {blog.isPending ? (
          <p className="news-note">{messages.loading}</p>
        ) : blog.isError ? (
          <p className="news-note" role="alert">
            {messages.loadFailed}
          </p>
        ) : blog.data.length === 0 ? (
          <p className="news-empty">{messages.noBlogPosts}</p>
        ) : (
          <BlogList posts={blog.data} />
        )}
      </section>
    </div>
  );
}
