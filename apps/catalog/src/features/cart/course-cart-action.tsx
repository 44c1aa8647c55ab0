import { ALREADY_IN_CART_MESSAGE, getCart, putInCart, selectIsSignedIn, useSession, type Course } from '@agri/api-client';
import { Button, ButtonLink, loginPathFor, toast, useAction } from '@agri/ui';
import { useNavigate } from '@agri/ui/router';
import { useEffect } from 'react';

/**
 * The course page's cart: Add to cart, once (putInCart); then 'In your cart' and the way to it, where its seats
 * change. A visitor who is not signed in is asked to log in first and brought back.
 */
export function CourseCartAction({ course }: { course: Course }) {
  const navigate = useNavigate();
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
    if (!isSignedIn) return void navigate(loginPathFor(`/course/${encodeURIComponent(course._id)}`));
    await act(
      async () => {
        if ((await putInCart(course._id)) === 'already') toast.info(ALREADY_IN_CART_MESSAGE);
        else toast.success('Product Added to Cart');
      },
      { failed: 'Error adding to cart' },
    );
  };

  return (
    <Button variant="secondary" onClick={() => void add()} disabled={busy}>
      {busy ? 'Adding...' : 'Add to cart'}
    </Button>
  );
}
