import { MailX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useSession } from '../session';

/** Whether the server said it cannot send mail. */
export function useNoMail(): boolean {
  return useSession()?.mailConfigured === false;
}

/**
 * Said once, where the owner looks first (the Overview): without mail, new enquiries are not
 * e-mailed and clients are not told of their bookings, and what to do about it.
 */
export function NoMailNotice() {
  if (!useNoMail()) return null;
  return (
    <div id="no-mail" role="note" className="mb-6 rounded-sm border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="no-mail">
      <p className="flex items-start gap-2 font-semibold">
        <MailX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Mail is not set up on this server.
      </p>
      <p className="mt-2">
        New enquiries are not e-mailed to you: read them under Messages. Clients are not told by e-mail when they book,
        or when you confirm, move or cancel a consultation: call or message them yourself.
      </p>
      <p className="mt-2">What to do: ask your host to set up mail for the site. Nothing else changes.</p>
    </div>
  );
}

/** One line on Messages and Settings that leads to the Overview's notice. */
export function NoMailLine() {
  if (!useNoMail()) return null;
  return (
    <p className="mb-4 text-sm text-amber-900" data-testid="no-mail-line">
      New enquiries and bookings are not e-mailed:{' '}
      <Link to="/adminpanel" className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4">
        see the Overview
      </Link>
      .
    </p>
  );
}
