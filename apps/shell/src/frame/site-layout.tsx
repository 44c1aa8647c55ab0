import { ToastArea } from '@agri/ui';
import { Island } from '@agri/ui/federation';
import { Outlet } from '@agri/ui/router';
import { FetchAhead } from '../composition/fetch-ahead';
import { OfflineNotice } from './offline-notice';
import { PreviewBanner } from './preview-banner';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './site-frame.css';

/** The frame every page sits in: one header, one footer, one toast container for all remotes. */
export function SiteLayout() {
  return (
    <div className="site">
      <ScrollToTop />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <PreviewBanner />
      <OfflineNotice />
      <Island name="shell/header" component={SiteHeader} props={{}} hydration="interaction" />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <ToastArea />
      <FetchAhead />
    </div>
  );
}
