/** Why the last submit failed, announced, and kept beside the form until it is sent again. */
export function FormFailure({ message }: { message: string | null }) {
  return (
    <p className={message ? 'staff-error' : undefined} role="alert">
      {message}
    </p>
  );
}
