// The keys under which the site's code keeps what a document's loader also reads, before any of that code has
// loaded (the islands protocol, @agri/ui/island-protocol, re-exports them). A module of its own, with nothing
// else in it, so that the loader's few KB take only these names.

/** The signed-in customer (session-store.ts). */
export const CUSTOMER_KEY = 'customer';
/** The cart count as last known: a document's header shows it before any of the site's code has loaded. */
export const CART_COUNT_KEY = 'cart-count';
/** What was sent while offline, waiting to be sent again (outbox.ts). */
export const OUTBOX_KEY = 'agri:outbox';
