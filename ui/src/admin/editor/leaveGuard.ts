// The question before leaving an editor with unsaved changes: the browser's own (reload, close) and
// the panel's (another tab, back to the list). One editor at a time holds unsaved changes.
import { useEffect } from 'react';

let pending: string | null = null;

/** Whether the owner may leave what is open: yes when nothing is unsaved, else their answer. */
export function mayLeave(): boolean {
  return pending === null || window.confirm(pending);
}

/** While `dirty`, leaving asks `question` first. */
export function useLeaveGuard(dirty: boolean, question: string): void {
  useEffect(() => {
    if (!dirty) return;
    pending = question;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = question;
    };
    window.addEventListener('beforeunload', ask);
    return () => {
      pending = null;
      window.removeEventListener('beforeunload', ask);
    };
  }, [dirty, question]);
}
