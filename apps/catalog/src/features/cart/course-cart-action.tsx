import { ALREADY_IN_CART_MESSAGE, getCart, putInCart, selectIsSignedIn, useSession, type Course } from '@agri/api-client';
import { Button, ButtonLink, loginPathFor, toast, useAction, useInteractive } from '@agri/ui';
import { FRAME } from '@agri/ui/island-protocol';
import { useEffect } from 'react';

// Marked for the page's loader, which shows one or the other from the stored session.
const signedIn = { [FRAME.signedIn]: '' };
const signedOut = { [FRAME.signedOut]: '' };

/**
 * The course page's cart: Add to cart, once (putInCart); then 'In your cart' and the way to it, where its seats
 * change. A visitor who is not signed in follows a link to log in first (and is brought back): the browser follows
 * it at the first tap, with none of the site's code.
 */
export function CourseCartAction({ course }: { course: Course }) {
  const isSignedIn = useSession(selectIsSignedIn);
  const cartKnown = useSession((state) => state.cartCourseIds !== null);
  const inCart = useSession((state) => state.cartCourseIds?.includes(course._id) === true);
  const { busy, act } = useAction();

  // A signed-in customer back on the site: the page says at once whether this course is already in the cart.
  useEffect(() => {
    if (isSignedIn && !cartKnown) getCart().catch(() => undefined);
  }, [isSignedIn, cartKnown]);

  if (isSignedIn && inCart) {
    return (
      <>
        <p className="course-card__in-cart" role="status">
          In your cart
        </p>
        <ButtonLink variant="secondary" to="/cart">
          View cart
        </ButtonLink>
      </>
    );
  }

  const add = async () => {
    await act(
      async () => {
        if ((await putInCart(course._id)) === 'already') toast.info(ALREADY_IN_CART_MESSAGE);
        else toast.success('Product Added to Cart');
      },
      { failed: 'Error adding to cart' },
    );
  };

  return <AddToCart isSignedIn={isSignedIn} loginPath={loginPathFor(`/course/${encodeURIComponent(course._id)}`)} busy={busy} add={() => void add()} />;
}

/**
 * Both ways, one hidden: on a document with islands the page's loader shows the right one from the stored session
 * before any code; drawn again from the session once the island answers (a key of their own), since React does not
 * correct on hydration what the loader showed.
 */
function AddToCart({ isSignedIn, loginPath, busy, add }: { isSignedIn: boolean; loginPath: string; busy: boolean; add: () => void }) {
  const drawn = useInteractive() ? 'live' : 'first';
  return (
    <>
      <ButtonLink key={`log-in-${drawn}`} variant="secondary" to={loginPath} hidden={isSignedIn} {...signedOut}>
        Add to cart
      </ButtonLink>
      <Button key={`add-${drawn}`} variant="secondary" onClick={add} disabled={busy} hidden={!isSignedIn} {...signedIn}>
        {busy ? 'Adding...' : 'Add to cart'}
      </Button>
    </>
  );
}
