// The signed-in person's role for the screens: `useAccess()` from the session's answer, and the
// read-only scope the content sections are shown in to a role that may see but not change them.
import { createContext, useContext, type ReactNode } from 'react';
import { useSession } from '../session';
import { can, READ_ONLY_NOTE, roleOf, type Capability, type Role } from './roles';

export interface Access {
  role: Role | 'unknown';
  username: string;
  can: (capability: Capability) => boolean;
}

/** The role of the verified session (an older server's answer without a role: an Owner). */
export function useAccess(): Access {
  const session = useSession();
  const role = roleOf(session?.admin);
  return { role, username: session?.admin.username ?? '', can: (capability) => can(role, capability) };
}

const ReadOnlyContext = createContext(false);

/** Whether the screen is shown to a role that may not change it: its Save, Add, Delete and moves are hidden. */
export function useReadOnly(): boolean {
  return useContext(ReadOnlyContext);
}

/** Marks what it holds read-only (or not), with the note that says so at its top. */
export function ReadOnlyScope({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <ReadOnlyContext.Provider value={readOnly}>
      {readOnly && <ReadOnlyNote />}
      {children}
    </ReadOnlyContext.Provider>
  );
}

export function ReadOnlyNote() {
  return (
    <p role="note" className="mb-6 rounded-sm border border-sand-200 bg-sand/60 p-3 text-sm text-stone-700" data-testid="read-only">
      {READ_ONLY_NOTE}
    </p>
  );
}
