// Where a visitor came from, for the enquiry they may send: the page they landed on, the referring
// site and the landing address's utm_* tags. Kept in this module's memory only (no cookie, no
// storage): it lasts while they move around inside the site and is gone when they leave.

export interface VisitSource {
  page: string;
  landing: string;
  referrer: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

let landing: Omit<VisitSource, 'page'> | undefined;

/** Called once when the app starts: the first address of this visit. */
export function rememberLanding(href: string = location.href, referrer: string = document.referrer): void {
  if (landing) return;
  const url = new URL(href);
  const params = url.searchParams;
  let host = '';
  try {
    const from = referrer ? new URL(referrer) : undefined;
    // Our own pages are not a source.
    if (from && from.host !== url.host) host = from.host;
  } catch {
    host = '';
  }
  landing = {
    landing: url.pathname + url.search,
    referrer: host,
    utmSource: params.get('utm_source') ?? '',
    utmMedium: params.get('utm_medium') ?? '',
    utmCampaign: params.get('utm_campaign') ?? '',
  };
}

/** The source to send with an enquiry from `page`. */
export function visitSource(page: string = location.pathname): VisitSource {
  return {
    page,
    ...(landing ?? { landing: '', referrer: '', utmSource: '', utmMedium: '', utmCampaign: '' }),
  };
}

/** Tests: forget the visit. */
export function forgetVisit(): void {
  landing = undefined;
}
