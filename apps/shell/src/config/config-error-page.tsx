import { business } from '@agri/ui';

/** Shown instead of the site when config.json is missing or malformed: names the problem. */
export function ConfigErrorPage({ problem }: { problem: string }) {
  return (
    <main className="ui-status-panel" role="alert" aria-labelledby="config-error-title">
      <h1 id="config-error-title">The website could not start</h1>
      <p>Its configuration could not be read, so the site cannot load. Please try again later.</p>
      <p>
        <strong>Problem:</strong> <code>{problem}</code>
      </p>
      <p>
        You can still reach us at <a href={`mailto:${business.email}`}>{business.email}</a> or <a href={business.phoneHref}>{business.phone}</a>.
      </p>
    </main>
  );
}
