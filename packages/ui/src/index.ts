import './styles/index.css';

export { Button, ButtonLink, type ButtonVariant } from './components/button';
export { Spinner } from './components/spinner';
export { Placeholders, Skeleton } from './components/skeleton';
export { StatusPanel } from './components/status-panel';
export { DataAreaView, ItemPageView, type DataAreaViewProps, type ItemPageViewProps } from './components/data-area-view';
export { CardListAreaView, ListAreaView, type CardListAreaViewProps, type ListAreaViewProps } from './components/list-area-view';
export { TableHead } from './components/table-head';
export { PageHead, type PageHeadInfo } from './components/page-head';
export { Breadcrumb, type BreadcrumbItem } from './components/breadcrumb';
export { truncateText } from './format/format';
// The contract's, for the pages that draw prices with the kit.
export { formatKes } from '@agri/api-client';
export { htmlToText } from './format/html-text';
export { business, pageHead, pageTitle } from './business';
export {
  absoluteUrl,
  localBusiness,
  organizationReference,
  picturesOf,
  SCHEMA_ORG,
  SHARE_CARD_PATH,
  type SchemaOrg,
  type StructuredData,
} from './seo/structured-data';
export { StructuredDataScript } from './seo/structured-data-script';
export { FormField, TextField, type FieldControlProps } from './components/form-field';
export { FormFailure, FormSubmit } from './components/form-submit';
export { PhoneInput } from './components/phone-input';
export { Dialog, closesDialog, usePageDialog, type DialogProps, type PageDialogState } from './components/dialog';
export { useLogOut } from './session/use-log-out';
export { useInteractive } from './hooks/use-interactive';
export { useAction, type Action, type ActionWords } from './hooks/use-action';
export { keepToastsForNextPage, toast } from './toasts/toast';
export { ToastArea } from './toasts/toast-area';
export { loginPathFor } from './navigation';
export { LinkList, type LinkItem } from './components/link-list';
export { Icon } from './components/icon';
export { Picture, type PictureProps } from './components/picture';
export { savingData, mayFetchAhead } from './network/save-data';
export { useOnline } from './network/online';
