import { useOnline } from '@agri/ui';
import { FRAME } from '@agri/ui/island-protocol';

/**
 * Said on every page while the phone has no connection: what is shown is the copy kept on it. Always in the page,
 * hidden while online: on a document with islands no React runs here, and the page's loader shows it
 * (islands/loader).
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <div className="offline-notice" role="status" hidden={online} {...{ [FRAME.offlineNotice]: '' }}>
      <strong>You are offline.</strong> You are reading the copy kept on this phone; it is brought up to date when you are back online.
    </div>
  );
}
