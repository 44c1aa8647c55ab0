import { useOnline } from '@agri/ui';

/** Said on every page while the phone has no connection: what is shown is the copy kept on it. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-notice" role="status">
      <strong>You are offline.</strong> You are reading the copy kept on this phone; it is brought up to date when you are back online.
    </div>
  );
}
