import './styles/index.css';

export { Button, ButtonLink, type ButtonVariant } from './components/button';
export { Spinner } from './components/spinner';
export { Skeleton } from './components/skeleton';
export { StatusPanel } from './components/status-panel';
export { DetailPageState } from './components/detail-page-state';
export { SafeHtml, htmlToText } from './components/safe-html';
export { PageHead, type PageHeadInfo } from './components/page-head';
export { Breadcrumb, type BreadcrumbItem } from './components/breadcrumb';
export { formatKes, truncateText, formatDate, formatDateRange } from './format/format';
export { business, pageHead, pageTitle } from './business';
export { FormField, TextField, type FieldControlProps } from './components/form-field';
export { PhoneInput, PHONE_PREFIX } from './components/phone-input';
export { Dialog, type DialogProps } from './components/dialog';
export { useLogOut } from './session/use-log-out';
export { displayPhone, toKenyanInternational } from './format/phone';
export { loginPathFor } from './navigation';
export { LinkList, type LinkItem } from './components/link-list';
