import { useEffect } from 'react';
import { useSite } from '../lib/content';

/** The server writes the title of the first page; this keeps it right after client-side navigation. */
export function DocumentTitle({ title }: { title: string }) {
  const { studioName } = useSite();
  useEffect(() => {
    document.title = `${title} | ${studioName}`;
  }, [title, studioName]);
  return null;
}
