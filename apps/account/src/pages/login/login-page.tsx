import { useSession } from '@agri/api-client';
import { Button } from '@agri/ui';

export default function LoginPage() {
  const signIn = useSession((state) => state.signIn);
  return (
    <section className="page-section">
      <div className="container">
        <h1>Log In</h1>
        <Button
          onClick={() => signIn({ _id: 'demo', token: 'demo', firstname: 'Demo', lastname: 'User', email: 'demo@example.com', mobile: '700000000' })}
        >
          Log In
        </Button>
      </div>
    </section>
  );
}
