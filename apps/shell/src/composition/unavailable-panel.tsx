import { Button, ButtonLink, StatusPanel } from '@agri/ui';
import { useLocation } from '@agri/ui/router';
import { useEffect, useState } from 'react';
import { report } from '../reports/browser-reports';
import { selectOwnerOf, useComposition } from './composition-store';

interface UnavailablePanelProps {
  onRetry: () => Promise<void> | void;
}

/** What a visitor sees in place of a part of the site that cannot be loaded. */
export function UnavailablePanel({ onRetry }: UnavailablePanelProps) {
  const [retrying, setRetrying] = useState(false);
  const owner = useComposition(selectOwnerOf(useLocation().pathname));
  useEffect(() => {
    if (owner) report({ kind: 'unavailable', remote: owner });
  }, [owner]);
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <StatusPanel
      role="alert"
      title="This section is temporarily unavailable"
      actions={
        <div className="unavailable-panel__actions">
          <Button onClick={retry} disabled={retrying}>
            {retrying ? 'Retrying...' : 'Retry'}
          </Button>
          <ButtonLink to="/" variant="secondary">
            Go to Homepage
          </ButtonLink>
        </div>
      }
    >
      We could not load this part of the site just now. The rest of the site works as usual; please try again in a moment.
    </StatusPanel>
  );
}
