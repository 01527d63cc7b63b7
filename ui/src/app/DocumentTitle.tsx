import { useEffect } from 'react';
import { site } from '../lib/site';

/** The server writes the title of the first page; this keeps it right after client-side navigation. */
export function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} | ${site.studioName}`;
  }, [title]);
  return null;
}
