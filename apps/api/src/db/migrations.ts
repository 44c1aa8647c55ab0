import { createHash } from 'node:crypto';
import type { Db, Queryable } from './db';

export interface Migration {
  id: string;
  sql: string;
}

/** Applied in order, once each; never edit one that has shipped: add another. */
export const migrations: Migration[] = [
  {
    id: '001-initial',
    sql: `
      CREATE TABLE customers (
        id text PRIMARY KEY,
        firstname text NOT NULL,
        lastname text NOT NULL,
        email text NOT NULL UNIQUE,
        mobile text NOT NULL,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE pending_registrations (
        email text PRIMARY KEY,
        firstname text NOT NULL,
        lastname text NOT NULL,
        mobile text NOT NULL,
        password_hash text NOT NULL,
        otp_hash text NOT NULL,
        otp_expires_at timestamptz NOT NULL,
        otp_attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE sessions (
        id text PRIMARY KEY,
        customer_id text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE TABLE password_resets (
        token_hash text PRIMARY KEY,
        customer_id text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE TABLE outbox (
        id serial PRIMARY KEY,
        to_email text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX outbox_to_email ON outbox (to_email);
      CREATE TABLE courses (
        id text PRIMARY KEY,
        position integer NOT NULL,
        title text NOT NULL,
        objective text NOT NULL,
        target_group text NOT NULL,
        duration text NOT NULL,
        lecturer text NOT NULL,
        category text NOT NULL,
        description text NOT NULL,
        what_you_will_earn jsonb NOT NULL,
        price integer NOT NULL CHECK (price >= 0),
        lectures integer,
        skill_level text,
        language text,
        certificate boolean NOT NULL
      );
      CREATE TABLE events (
        id text PRIMARY KEY,
        title text NOT NULL,
        speaker text NOT NULL,
        description text NOT NULL,
        city text,
        venue text,
        start_date text NOT NULL,
        start_time text NOT NULL,
        end_date text NOT NULL,
        end_time text NOT NULL,
        price integer NOT NULL CHECK (price >= 0),
        images jsonb NOT NULL,
        course_length integer,
        class_duration integer
      );
      CREATE TABLE blogs (
        id text PRIMARY KEY,
        title text NOT NULL,
        description text NOT NULL,
        images jsonb NOT NULL,
        image text,
        category text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE TABLE cart_items (
        id text PRIMARY KEY,
        customer_id text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        course_id text NOT NULL REFERENCES courses(id),
        quantity integer NOT NULL CHECK (quantity > 0),
        price integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (customer_id, course_id)
      );
      CREATE TABLE orders (
        id text PRIMARY KEY,
        customer_id text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        items jsonb NOT NULL,
        shipping_info jsonb NOT NULL,
        total_price integer NOT NULL,
        status text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX orders_customer ON orders (customer_id, created_at DESC);
      CREATE TABLE addresses (
        customer_id text PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        address jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE wishlist (
        customer_id text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        course_id text NOT NULL REFERENCES courses(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (customer_id, course_id)
      );
      CREATE TABLE recently_viewed (
        customer_id text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        course_id text NOT NULL REFERENCES courses(id),
        viewed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (customer_id, course_id)
      );
      CREATE TABLE newsletter_subscribers (
        email text PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE enquiries (
        id text PRIMARY KEY,
        name text NOT NULL,
        email text NOT NULL,
        mobile text NOT NULL,
        comment text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE bookings (
        id text PRIMARY KEY,
        contact_details jsonb NOT NULL,
        event jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE course_requests (
        id text PRIMARY KEY,
        contact_details jsonb NOT NULL,
        course jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    // Registration is bound to the browser that started it: each attempt has its own token and code,
    // so a second registration of the same email can neither replace nor complete the first.
    id: '002-registration-attempts',
    sql: `
      DROP TABLE pending_registrations;
      CREATE TABLE registration_attempts (
        id text PRIMARY KEY,
        email text NOT NULL,
        firstname text NOT NULL,
        lastname text NOT NULL,
        mobile text NOT NULL,
        password_hash text NOT NULL,
        otp_hash text NOT NULL,
        otp_expires_at timestamptz NOT NULL,
        otp_attempts integer NOT NULL DEFAULT 0,
        existing_account boolean NOT NULL DEFAULT false,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX registration_attempts_email ON registration_attempts (email)
    `,
  },
  {
    // An email change takes effect only from a link mailed to the new address, so the profile form
    // never reveals whether another account uses an address.
    id: '003-email-changes',
    sql: `
      CREATE TABLE email_changes (
        token_hash text PRIMARY KEY,
        customer_id text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        new_email text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )
    `,
  },
  {
    // Rate-limit counters live in the database, so instances behind one load balancer count each client
    // once, not once per instance. One row per limit and key (a client address or an email), for its
    // current fixed window.
    id: '004-rate-limit-counters',
    sql: `
      CREATE TABLE rate_limit_counters (
        limit_name text NOT NULL,
        key text NOT NULL,
        hits integer NOT NULL,
        window_ends_at timestamptz NOT NULL,
        PRIMARY KEY (limit_name, key)
      );
      CREATE INDEX rate_limit_counters_window_ends_at ON rate_limit_counters (window_ends_at)
    `,
  },
  {
    // Browser reports (POST /api/reports): anonymous facts about the releases visitors ran, read by the
    // release health report and the canary watcher. No customer, no address, no query string: see reports.ts.
    id: '005-browser-reports',
    sql: `
      CREATE TABLE browser_reports (
        id bigserial PRIMARY KEY,
        received_at timestamptz NOT NULL DEFAULT now(),
        kind text NOT NULL,
        session text,
        channel text,
        releases jsonb NOT NULL,
        path text NOT NULL,
        subject text,
        phase text,
        message text,
        value double precision
      );
      CREATE INDEX browser_reports_received_at ON browser_reports (received_at);
      CREATE INDEX browser_reports_channel_received_at ON browser_reports (channel, received_at)
    `,
  },
  {
    // The back office (apps/api/src/staff/): staff accounts apart from customers, with a second factor and
    // sessions of their own; the leads inbox; order history; publishing; and the audit log.
    id: '006-back-office',
    sql: `
      CREATE TABLE staff (
        id text PRIMARY KEY,
        email text NOT NULL UNIQUE,
        role text NOT NULL CHECK (role IN ('staff', 'admin')),
        password_hash text,
        totp_secret text,
        totp_enabled_at timestamptz,
        totp_last_step bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        removed_at timestamptz
      );
      CREATE TABLE staff_invitations (
        token_hash text PRIMARY KEY,
        staff_id text NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE TABLE staff_recovery_codes (
        staff_id text NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        used_at timestamptz,
        PRIMARY KEY (staff_id, code_hash)
      );
      CREATE TABLE staff_sessions (
        id text PRIMARY KEY,
        staff_id text NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
        second_factor boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        staff_id text,
        staff_email text,
        action text NOT NULL,
        subject text,
        before jsonb,
        after jsonb
      );
      CREATE INDEX audit_log_at ON audit_log (at DESC);
      CREATE FUNCTION refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the audit log is append-only';
      END $$;
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION refuse_audit_change();
      CREATE TABLE leads (
        id text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('enquiry', 'booking', 'call-request', 'newsletter')),
        source_id text NOT NULL,
        name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        created_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'closed')),
        notified_at timestamptz,
        UNIQUE (kind, source_id)
      );
      CREATE INDEX leads_created_at ON leads (created_at DESC);
      CREATE INDEX leads_to_notify ON leads (created_at) WHERE notified_at IS NULL;
      CREATE TABLE lead_notes (
        id bigserial PRIMARY KEY,
        lead_id text NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
        staff_id text NOT NULL REFERENCES staff(id),
        text text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE lead_notification_mails (
        id bigserial PRIMARY KEY,
        sent_at timestamptz NOT NULL DEFAULT now(),
        leads integer NOT NULL
      );
      CREATE FUNCTION record_lead() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        lead jsonb := to_jsonb(NEW);
        contact jsonb := coalesce(to_jsonb(NEW) -> 'contact_details', to_jsonb(NEW));
      BEGIN
        INSERT INTO leads (id, kind, source_id, name, email, phone, created_at)
        VALUES (
          gen_random_uuid()::text,
          TG_ARGV[0],
          coalesce(lead ->> 'id', lead ->> 'email'),
          coalesce(contact ->> 'name', ''),
          coalesce(contact ->> 'email', ''),
          coalesce(contact ->> 'phone', contact ->> 'mobile', ''),
          coalesce((lead ->> 'created_at')::timestamptz, now())
        );
        RETURN NEW;
      END $$;
      CREATE TRIGGER enquiry_is_a_lead AFTER INSERT ON enquiries FOR EACH ROW EXECUTE FUNCTION record_lead('enquiry');
      CREATE TRIGGER booking_is_a_lead AFTER INSERT ON bookings FOR EACH ROW EXECUTE FUNCTION record_lead('booking');
      CREATE TRIGGER call_request_is_a_lead AFTER INSERT ON course_requests FOR EACH ROW EXECUTE FUNCTION record_lead('call-request');
      CREATE TRIGGER subscription_is_a_lead AFTER INSERT ON newsletter_subscribers FOR EACH ROW EXECUTE FUNCTION record_lead('newsletter');
      INSERT INTO leads (id, kind, source_id, name, email, phone, created_at, notified_at)
        SELECT gen_random_uuid()::text, 'enquiry', id, name, email, mobile, created_at, now() FROM enquiries;
      INSERT INTO leads (id, kind, source_id, name, email, phone, created_at, notified_at)
        SELECT gen_random_uuid()::text, 'booking', id, contact_details ->> 'name', contact_details ->> 'email',
          contact_details ->> 'phone', created_at, now() FROM bookings;
      INSERT INTO leads (id, kind, source_id, name, email, phone, created_at, notified_at)
        SELECT gen_random_uuid()::text, 'call-request', id, contact_details ->> 'name', contact_details ->> 'email',
          contact_details ->> 'phone', created_at, now() FROM course_requests;
      INSERT INTO leads (id, kind, source_id, name, email, phone, created_at, notified_at)
        SELECT gen_random_uuid()::text, 'newsletter', email, '', email, '', created_at, now() FROM newsletter_subscribers;
      CREATE TABLE order_status_changes (
        id bigserial PRIMARY KEY,
        order_id text NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        from_status text NOT NULL,
        to_status text NOT NULL,
        staff_id text REFERENCES staff(id),
        changed_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX order_status_changes_order ON order_status_changes (order_id, changed_at);
      ALTER TABLE courses ADD COLUMN published boolean NOT NULL DEFAULT true;
      ALTER TABLE events ADD COLUMN published boolean NOT NULL DEFAULT true;
      ALTER TABLE blogs ADD COLUMN published boolean NOT NULL DEFAULT true
    `,
  },
  {
    // Issue 23. Customer sessions also end when idle: each answer renews last_seen_at. The old address of an
    // email change can undo it for 7 days, through a link mailed at the request and at the change.
    id: '007-idle-sessions-and-email-undo',
    sql: `
      ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
      CREATE INDEX sessions_customer ON sessions (customer_id);
      CREATE TABLE email_change_undos (
        token_hash text PRIMARY KEY,
        customer_id text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        old_email text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX email_changes_customer ON email_changes (customer_id);
      CREATE INDEX password_resets_customer ON password_resets (customer_id)
    `,
  },
  {
    // When each course, event and post last changed, whoever changed it (the back office, SQL by hand): the
    // sitemap's lastmod and the structured data's dateModified.
    id: '008-public-content-changed-at',
    sql: `
      ALTER TABLE courses ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
      ALTER TABLE events ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
      ALTER TABLE blogs ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
      UPDATE blogs SET updated_at = created_at;
      CREATE FUNCTION mark_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW IS DISTINCT FROM OLD THEN
          NEW.updated_at := now();
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER course_changed BEFORE UPDATE ON courses FOR EACH ROW EXECUTE FUNCTION mark_changed();
      CREATE TRIGGER event_changed BEFORE UPDATE ON events FOR EACH ROW EXECUTE FUNCTION mark_changed();
      CREATE TRIGGER blog_changed BEFORE UPDATE ON blogs FOR EACH ROW EXECUTE FUNCTION mark_changed()
    `,
  },
  {
    // Issue 39. Failed staff password sign-ins, one row per source address and day (the tries counted, the
    // first few addresses tried kept), not an audit entry each: anyone can fail a sign-in, and entries by
    // strangers would bury what staff did. Bounded by staff/sign-in-failures.ts.
    id: '009-sign-in-failures',
    sql: `
      CREATE TABLE sign_in_failures (
        source text NOT NULL,
        day date NOT NULL,
        tries integer NOT NULL,
        emails text[] NOT NULL,
        first_at timestamptz NOT NULL DEFAULT now(),
        last_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (source, day)
      );
      CREATE INDEX sign_in_failures_last_at ON sign_in_failures (last_at DESC)
    `,
  },
  {
    // Issue 39. Where a browser report came from, as a bucket of the client address (routes/reports.ts
    // sourceOf: 24 bits of a keyed hash, about 250 addresses to a bucket, never the address): the release
    // health caps the sessions one source can add, and the canary watcher asks for errors from many sources.
    id: '010-report-sources',
    sql: `ALTER TABLE browser_reports ADD COLUMN source text`,
  },
  {
    // Issue 39. The visits the site started (POST /api/reports/session), with the channel and releases they
    // were started with and their source: the release health counts only these, by what they were started
    // with, so a session id a client invents, or a report that names other releases, counts for nothing.
    id: '011-report-sessions',
    sql: `
      CREATE TABLE report_sessions (
        id text PRIMARY KEY,
        started_at timestamptz NOT NULL DEFAULT now(),
        channel text,
        releases jsonb NOT NULL,
        source text
      );
      CREATE INDEX report_sessions_started_at ON report_sessions (started_at);
      CREATE INDEX browser_reports_session ON browser_reports (session)
    `,
  },
  {
    // Issue 39. A lead counts as told (notified_at) only once its mail went; while its mail is being sent, the
    // instance sending it holds it until notify_claimed_until, so no other instance mails it too, and the
    // leads of an instance that died meanwhile are mailed after that (staff/lead-notifier.ts).
    id: '012-lead-notify-claims',
    sql: `ALTER TABLE leads ADD COLUMN notify_claimed_until timestamptz`,
  },
  {
    // Issue 38. A write that creates something, once per Idempotency-Key: the first request claims the key (no
    // status yet), its answer is kept (sealed with the server secret) for 24 hours and given to every repeat.
    id: '013-idempotent-requests',
    sql: `
      CREATE TABLE idempotent_requests (
        scope text NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        status integer,
        answer text,
        PRIMARY KEY (scope, key)
      );
      CREATE INDEX idempotent_requests_claimed_at ON idempotent_requests (claimed_at)
    `,
  },
  {
    // Issue 37. Payments of orders (by M-Pesa, or recorded by an admin: cash, bank). Money in whole shillings. A
    // payment is paid only when Safaricom says so (its callback, or the STK query); its receipt is stored once. At
    // most one M-Pesa request waits on a phone per order, so an order is never asked for twice at once; the order's
    // paid_at is set with the payment that paid it, in one transaction (payments/payment-settlement.ts).
    id: '014-payments',
    sql: `
      CREATE TABLE payments (
        id text PRIMARY KEY,
        order_id text NOT NULL REFERENCES orders(id),
        method text NOT NULL CHECK (method IN ('mpesa', 'cash', 'bank')),
        amount integer NOT NULL CHECK (amount > 0),
        phone text,
        state text NOT NULL CHECK (state IN ('pending', 'paid', 'failed', 'cancelled', 'expired')),
        callback_token_hash text UNIQUE,
        checkout_request_id text UNIQUE,
        receipt text UNIQUE,
        result_code integer,
        result_words text,
        recorded_by text REFERENCES staff(id),
        reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz,
        query_after timestamptz,
        expires_at timestamptz,
        receipt_mailed_at timestamptz,
        mail_claimed_until timestamptz
      );
      CREATE UNIQUE INDEX payments_one_waiting_per_order ON payments (order_id) WHERE state = 'pending';
      CREATE INDEX payments_order ON payments (order_id, created_at);
      CREATE INDEX payments_created_at ON payments (created_at DESC);
      CREATE INDEX payments_waiting ON payments (query_after) WHERE state = 'pending';
      ALTER TABLE orders ADD COLUMN paid_at timestamptz
    `,
  },
  {
    // Issue 37. Event bookings are paid too: a payment pays an order or a booking, never both. A visitor books
    // without an account, so a booking's payment is asked for with the booking's payment token, of which only the
    // hash is kept (made anew with each answer the booking is sent in, routes/requests.ts).
    id: '015-booking-payments',
    sql: `
      ALTER TABLE payments ALTER COLUMN order_id DROP NOT NULL;
      ALTER TABLE payments ADD COLUMN booking_id text REFERENCES bookings(id);
      ALTER TABLE payments ADD CONSTRAINT payments_pay_an_order_or_a_booking CHECK ((order_id IS NULL) <> (booking_id IS NULL));
      CREATE UNIQUE INDEX payments_one_waiting_per_booking ON payments (booking_id) WHERE state = 'pending';
      CREATE INDEX payments_booking ON payments (booking_id, created_at);
      ALTER TABLE bookings ADD COLUMN paid_at timestamptz;
      ALTER TABLE bookings ADD COLUMN payment_token_hash text
    `,
  },
  {
    // Issue 37. Refunds are given by hand and recorded by an admin, each an entry of its own ('refunded') against
    // the payment whose money it gives back, of the same order or booking; refunded_at is set when what was paid
    // for it is given back in full (staff/payment-routes.ts).
    id: '016-refunds',
    sql: `
      ALTER TABLE payments ADD COLUMN refund_of text REFERENCES payments(id);
      ALTER TABLE payments DROP CONSTRAINT payments_state_check;
      ALTER TABLE payments ADD CONSTRAINT payments_state_check
        CHECK (state IN ('pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'));
      ALTER TABLE payments ADD CONSTRAINT payments_a_refund_refunds_a_payment CHECK ((refund_of IS NULL) = (state <> 'refunded'));
      CREATE INDEX payments_refunds ON payments (refund_of) WHERE refund_of IS NOT NULL;
      ALTER TABLE orders ADD COLUMN refunded_at timestamptz;
      ALTER TABLE bookings ADD COLUMN refunded_at timestamptz
    `,
  },
  {
    // Issue 58. A payment that was closed (failed, cancelled, expired) stays closed: a success that Safaricom reports
    // for it later is kept aside (closed_paid 'unverified', with its receipt) until the STK query says whether the
    // money really moved ('confirmed': an admin resolves it; 'refuted'). Idempotency keys are counted per source.
    id: '017-security-round-four',
    sql: `
      ALTER TABLE payments ADD COLUMN closed_paid text CHECK (closed_paid IN ('unverified', 'confirmed', 'refuted'));
      ALTER TABLE payments ADD COLUMN closed_paid_receipt text;
      CREATE INDEX payments_closed_paid_unverified ON payments (query_after) WHERE closed_paid = 'unverified';
      ALTER TABLE idempotent_requests ADD COLUMN source text NOT NULL DEFAULT '';
      CREATE INDEX idempotent_requests_source ON idempotent_requests (source, claimed_at)
    `,
  },
  {
    // Issue 57. Staff cancel a paid order only saying what happens to the money: a refund to be arranged, and why
    // (the refund itself is recorded on the payment when it is given).
    id: '018-paid-order-cancelled',
    sql: `ALTER TABLE orders ADD COLUMN refund_to_arrange text`,
  },
  {
    // Issue 59. Pictures staff upload, in the database so that every instance serves every picture; only what
    // the API made of an upload is kept, never its bytes.
    id: '019-pictures',
    sql: `
      CREATE TABLE pictures (
        id text PRIMARY KEY,
        upload_hash text NOT NULL UNIQUE,
        description text NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        focus_x real NOT NULL DEFAULT 0.5 CHECK (focus_x BETWEEN 0 AND 1),
        focus_y real NOT NULL DEFAULT 0.5 CHECK (focus_y BETWEEN 0 AND 1),
        placeholder text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE picture_files (
        name text PRIMARY KEY,
        picture_id text NOT NULL REFERENCES pictures(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('avif', 'webp', 'jpeg', 'share')),
        content_type text NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        bytes bytea NOT NULL
      );
      CREATE INDEX picture_files_picture ON picture_files (picture_id);
    `,
  },
];

/**
 * What a migration says, whatever its indentation: an applied migration whose checksum no longer matches was
 * edited after it shipped, and the databases it ran on do not have what it now says.
 */
export const checksumOf = (migration: Migration): string => createHash('sha256').update(migration.sql.replace(/\s+/g, ' ').trim()).digest('hex');

/**
 * The key of a PostgreSQL advisory lock that every instance takes before it changes the schema or seeds:
 * instances that start together on one database queue there, and the later ones find the work done.
 */
const SCHEMA_LOCK = 4_210_014;

/** Holds the schema lock until the end of the transaction `tx` belongs to. */
export async function lockSchema(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
}

/**
 * Applies the pending migrations in one transaction under the schema lock, each as the whole script it is (the
 * database parses it: a `;` in a string, a comment or a function body is its own): safe to run again and from
 * several instances at once, and a migration that fails rolls the whole run back, leaving the database as it was.
 * An applied migration that was edited since is refused (checksumOf); one applied before checksums were kept
 * takes its checksum now.
 */
export async function migrate(db: Db, known: Migration[] = migrations): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSchema(tx);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    await tx.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
    const rows = await tx.query<{ id: string; checksum: string | null }>('SELECT id, checksum FROM schema_migrations');
    const applied = new Map(rows.map((row) => [row.id, row.checksum]));
    for (const migration of known) {
      const checksum = checksumOf(migration);
      if (!applied.has(migration.id)) {
        await tx.exec(migration.sql);
        await tx.query('INSERT INTO schema_migrations (id, checksum) VALUES ($1, $2)', [migration.id, checksum]);
      } else if (applied.get(migration.id) === null) {
        await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE id = $1', [migration.id, checksum]);
      } else if (applied.get(migration.id) !== checksum) {
        throw new Error(`Migration ${migration.id} was changed after this database applied it: never edit a migration that has shipped; add another.`);
      }
    }
  });
}

/** The migrations this code knows that the database has not applied (all of them on an empty database). */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const [table] = await db.query<{ name: string | null }>("SELECT to_regclass('schema_migrations')::text AS name");
  if (!table?.name) return migrations.map((migration) => migration.id);
  const applied = new Set((await db.query<{ id: string }>('SELECT id FROM schema_migrations')).map((row) => row.id));
  return migrations.map((migration) => migration.id).filter((id) => !applied.has(id));
}
