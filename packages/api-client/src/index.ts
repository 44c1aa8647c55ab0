// The contract first (schemas, messages, the reader, `z`): it configures zod before any schema is parsed.
export * from './contract';
export { apiSettingsSchema, configureApi, getApiSettings, chatLink, type ApiSettings } from './settings';
export { pictureUrl, sharePictureUrl } from './pictures';
export { createLiveStore } from './live-store';
export { ApiError, isApiError, SESSION_EXPIRED_MESSAGE, ACCOUNT_FALLBACK, messageOf, type ApiErrorKind, type ErrorPolicy } from './errors';
export { onUnauthorized, prepareToSend } from './http';
// For the package's other entries (the back office's calls, staff.ts), which must use this entry's instance; apps use the typed calls.
export { call, segment, type CallSession, type CallSpec } from './http';
export type { TransportRequest, TransportResult } from './transport';
export {
  createDataArea,
  useDataAreaFor,
  snapshotDataAreas,
  restoreDataAreas,
  markPageTakenOver,
  answersShownBy,
  type DataAreaSnapshot,
  type PageData,
  type DataArea,
  type DataAreaState,
  type DataAreaActions,
  type DataAreaStore,
  type DataAreaOptions,
} from './data-area';
export { useSession, selectCustomer, selectIsSignedIn, selectCartCount, type SessionState } from './session/session-store';
export { getCourses, getCourse } from './courses';
export { getEvents, getEvent } from './events';
export { getBlogs, getBlog } from './blog';
export {
  register,
  resendOtp,
  verifyOtp,
  login,
  fetchUser,
  logout,
  LOGGED_OUT_MESSAGE,
  editUser,
  confirmEmailChange,
  requestPasswordReset,
  resetPassword,
  subscribeToNewsletter,
  changePassword,
  logoutEverywhere,
  undoEmailChange,
} from './user';
export { getWishlist, toggleWishlist, getRecentlyViewed } from './saved-courses';
export { saveAddress, getAddress } from './address';
export { addToCart, getCart, putInCart, removeFromCart, updateCartQuantity, emptyCart } from './cart';
export { createOrder, getMyOrders, updateOrderStatus } from './orders';
export { startPayment, startBookingPayment, getPayment } from './payments';
export { sendEnquiry } from './enquiry';
export { bookEvent, requestCourseCall } from './booking';
export { keptRequests, sendKeptRequests, keptMessage, type KeptKind, type KeptOutcome } from './outbox';
