/** The reason a submit failed, announced and kept beside the form (the toast goes away). */
export function FormError({ message }: { message: string | null }) {
  return (
    <p className="account-form__error" role="alert">
      {message}
    </p>
  );
}
