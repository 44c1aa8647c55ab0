import { ButtonLink, PageHead, StatusPanel } from '@agri/ui';

export function NotFoundPage() {
  return (
    <>
      <PageHead title="Page not found" description="The page you are looking for does not exist." keywords="page not found" />
      <StatusPanel title="Page not found" headingLevel={1} actions={<ButtonLink to="/">Go to Homepage</ButtonLink>}>
        The page you are looking for does not exist or has moved.
      </StatusPanel>
    </>
  );
}
