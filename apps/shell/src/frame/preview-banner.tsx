import { Button } from '@agri/ui';
import { leavePreview, usePreview } from '../composition/preview';

/** Says, on every page of a previewing tab, which releases it shows that other visitors do not. */
export function PreviewBanner() {
  const { releases, refused } = usePreview();
  if (refused) {
    return (
      <div className="preview-banner preview-banner--refused" role="alert">
        <p>{refused} You are seeing the site as every visitor does.</p>
        <Button variant="secondary" onClick={() => usePreview.setState({ refused: null })}>
          Dismiss
        </Button>
      </div>
    );
  }
  if (!releases.length) return null;
  return (
    <div className="preview-banner" role="region" aria-label="Preview">
      <p>
        <strong>Preview: {releases.map(({ app, version }) => `${app} ${version}`).join(', ')}</strong> — only this browser tab sees it.
      </p>
      <Button variant="secondary" onClick={leavePreview}>
        Leave preview
      </Button>
    </div>
  );
}
