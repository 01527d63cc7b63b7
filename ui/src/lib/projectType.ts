// 'Contact Us' on a case study or a service page starts the form with the project type it is
// about: `/contact?type=kitchens`. The value is the type's first word in lower case, as the
// portfolio's filters name categories; src/site.rs (`project_type_param`) has the same rule, and
// the server renders /contact for each value, so the form comes chosen without a script too.

export const PROJECT_TYPE_PARAM = 'type';

/** The query value naming `projectType` ("Kitchens & Baths": "kitchens"). */
export function projectTypeParam(projectType: string): string {
  return (projectType.trim().split(/\s+/)[0] ?? '').toLowerCase();
}

/** Where 'Contact Us' leads: the contact page, with the project type when there is one. */
export function contactHref(projectType?: string): string {
  const value = projectType ? projectTypeParam(projectType) : '';
  return value ? `/contact?${PROJECT_TYPE_PARAM}=${encodeURIComponent(value)}` : '/contact';
}

/** The choice of `choices` that the address's `?type=` names; anything unknown names none. */
export function projectTypeOf(search: string, choices: readonly string[]): string | undefined {
  const value = new URLSearchParams(search).get(PROJECT_TYPE_PARAM);
  if (!value) return undefined;
  return choices.find((choice) => projectTypeParam(choice) === value);
}
