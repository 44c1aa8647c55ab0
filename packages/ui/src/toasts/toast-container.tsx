import { ToastContainer } from 'react-toastify';

/** The one toast container of the page; react-toastify brings its own style sheet (allowed by hash in the CSP). */
export default function SiteToastContainer() {
  return <ToastContainer position="top-right" autoClose={5000} theme="light" />;
}
