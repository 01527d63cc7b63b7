// "Keep mine" after two saves of one record clash: a three-way merge against the version the owner
// started from, so that keeping mine keeps only what I changed and takes the other save's changes
// for everything else (issue: keeping mine used to put back the fields only the other save changed).
import type { Field } from '../../lib/pageSchema';
import { getAt, pageChanges, sameValue, setAt } from './compare';

/** Each top-level field of a form's draft: mine where I changed it from `base`, else theirs. */
export function mergeDrafts<D>(base: D, mine: D, theirs: D): D {
  const fields = (draft: D) => (draft ?? {}) as Record<string, unknown>;
  const merged = { ...fields(theirs) };
  for (const name of new Set([...Object.keys(fields(base)), ...Object.keys(fields(mine)), ...Object.keys(fields(theirs))])) {
    if (!sameValue(fields(mine)[name], fields(base)[name])) merged[name] = fields(mine)[name];
  }
  return merged as D;
}

/** A page record the same way, field by field of its schema (a list whose length I changed is one field). */
export function mergePage<C>(fields: readonly Field[], base: C, mine: C, theirs: C): C {
  return pageChanges(fields, base, mine).reduce((merged, change) => setAt(merged, change.path, getAt(mine, change.path)), theirs);
}
