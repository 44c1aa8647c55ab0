import { ToastArea } from '@agri/ui';
import { Outlet } from '@agri/ui/router';
import { PreviewBanner } from './preview-banner';
import { ScrollToTop } from './scroll-to-top';
import './site-frame.css';

/**
 * The frame of a page that brings its own layout (a route with `frame: 'own'`, such as the back office's):
 * none of the public header, side menu and footer, only what the shell keeps for every page.
 */
export function OwnFrame() {
  return (
    <>
      <ScrollToTop />
      <PreviewBanner />
      <Outlet />
      <ToastArea />
    </>
  );
}
