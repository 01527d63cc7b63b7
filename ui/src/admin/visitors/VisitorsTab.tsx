import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFounder } from '../../lib/content';
import { API } from '../api';
import {
  PERIODS,
  formatDay,
  linePoints,
  niceMax,
  pageTitle,
  sourceFigures,
  TAP_LABELS,
  tapFigures,
  statsKey,
  totals,
  type Period,
  type StatsDay,
  type SourceLine,
  type TapLine,
  type StatsReport,
} from './stats';
import { buttonStyles, Card, LoadError, Loading, TabHeading } from '../ui';

const CHART_WIDTH = 720;
const CHART_HEIGHT = 220;
const PAD = { left: 4, right: 12, top: 12, bottom: 12 };

/** The two lines of the chart, with the colours of their legend. */
const SERIES = [
  { key: 'views', label: 'Views', className: 'text-brass-600' },
  { key: 'visitors', label: 'Visitors', className: 'text-charcoal' },
] as const;

/**
 * Views and visitors drawn as an SVG line chart. The picture is hidden from screen readers: the table
 * beside it holds the same numbers.
 */
function Chart({ days }: { days: StatsDay[] }) {
  const width = CHART_WIDTH - PAD.left - PAD.right;
  const height = CHART_HEIGHT - PAD.top - PAD.bottom;
  const max = niceMax(Math.max(0, ...days.map((d) => d.views)));
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <figure>
      {/* The axis labels are HTML beside the drawing, so that they keep 12 px when the SVG shrinks to a phone. */}
      <div className="flex gap-2">
        <div className="flex flex-col justify-between py-1 text-right text-xs text-stone-600 tabular-nums" data-testid="chart-axis">
          {[1, 0.5, 0].map((f) => (
            <span key={f}>{Math.round(max * f)}</span>
          ))}
        </div>
        <svg
          viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
          className="h-auto min-w-0 flex-1"
          aria-hidden="true"
          focusable="false"
        >
          <g transform={`translate(${PAD.left} ${PAD.top})`}>
            {[0, 0.5, 1].map((f) => (
              <line key={f} x1={0} x2={width} y1={height * (1 - f)} y2={height * (1 - f)} className="stroke-sand-200" />
            ))}
            {SERIES.map(({ key, className }) => (
              <polyline
                key={key}
                points={linePoints(
                  days.map((d) => d[key]),
                  max,
                  width,
                  height,
                )}
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
                strokeLinejoin="round"
                className={className}
              />
            ))}
          </g>
        </svg>
      </div>
      <div className="mt-1 flex justify-between text-xs text-stone-600" data-testid="chart-dates">
        <span>{first ? formatDay(first.date, 'short') : ''}</span>
        <span>{last && last !== first ? formatDay(last.date, 'short') : ''}</span>
      </div>
      <figcaption className="mt-2 flex gap-5 text-sm text-stone-600" aria-hidden="true">
        {SERIES.map(({ key, label, className }) => (
          <span key={key} className="inline-flex items-center gap-2">
            <span className={`inline-block h-0.5 w-5 bg-current ${className}`} />
            {label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

function DaysTable({ days }: { days: StatsDay[] }) {
  return (
    <div className="max-h-72 overflow-y-auto" tabIndex={0} role="region" aria-label="Views, visitors and messages per day">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Views, visitors and messages per day, newest first</caption>
        <thead>
          <tr className="text-stone-600">
            <th scope="col" className="py-1 pr-3 font-semibold">Day</th>
            <th scope="col" className="py-1 pr-3 text-right font-semibold">Views</th>
            <th scope="col" className="py-1 pr-3 text-right font-semibold">Visitors</th>
            <th scope="col" className="py-1 text-right font-semibold">Messages</th>
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((day) => (
            <tr key={day.date} className="border-t border-sand-200">
              <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                <time dateTime={day.date}>{formatDay(day.date)}</time>
              </th>
              <td className="py-1 pr-3 text-right tabular-nums">{day.views}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{day.visitors}</td>
              <td className="py-1 text-right tabular-nums">{day.messages}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A two-column ranking (name, count); `empty` when nothing was counted. */
function Ranking({
  title,
  rows,
  nameLabel,
  countLabel,
  empty,
}: {
  title: string;
  rows: { name: string; detail?: string; count: number }[];
  nameLabel: string;
  countLabel: string;
  empty: string;
}) {
  return (
    <Card>
      <h3 className="font-display text-2xl">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{empty}</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="text-stone-600">
              <th scope="col" className="py-1 pr-3 font-semibold">{nameLabel}</th>
              <th scope="col" className="py-1 text-right font-semibold">{countLabel}</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, 10).map((row) => (
              <tr key={row.detail ?? row.name} className="border-t border-sand-200">
                <td className="py-1.5 pr-3">
                  <span className="block break-words">{row.name}</span>
                  {row.detail && row.detail !== row.name && <span className="block text-xs break-all text-stone-600">{row.detail}</span>}
                </td>
                <td className="py-1.5 text-right align-top tabular-nums">{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Card>
      <p className="font-display text-4xl leading-none">{value}</p>
      <p className="mt-1 text-sm text-stone-600">{label}</p>
    </Card>
  );
}

function Report({ report, days }: { report: StatsReport; days: Period }) {
  const projects = useQuery<{ slug: string; title: string }[]>({ queryKey: [API.projects] });
  const founder = useFounder();
  const sum = totals(report.days);
  const { phone, tablet, desktop } = report.devices;
  const people = phone + tablet + desktop;
  const share = (n: number) => (people ? `${Math.round((n / people) * 100)}%` : '–');
  const messageDays = report.days.filter((d) => d.messages > 0).reverse();
  const name = (path: string) => pageTitle(path, projects.data, founder.slug);
  return (
    <>
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <Figure label={`Views in ${days} days`} value={sum.views} />
        <Figure label="Visitors" value={sum.visitors} />
        <Figure label="Messages" value={sum.messages} />
      </div>
      <Card className="mt-4 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Chart days={report.days} />
        <DaysTable days={report.days} />
      </Card>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Ranking
          title="Top pages"
          nameLabel="Page"
          countLabel="Views"
          empty="No page views in this period."
          rows={report.pages.map((p) => ({ name: name(p.path), detail: p.path, count: p.views }))}
        />
        <Ranking
          title="Top referrers"
          nameLabel="Site"
          countLabel="Visits"
          empty="No visits from other sites in this period."
          rows={report.referrers.map((r) => ({ name: r.name ?? r.host, detail: r.name && r.name !== r.host ? r.host : undefined, count: r.visits }))}
        />
        <Card>
          <h3 className="font-display text-2xl">Devices</h3>
          <dl className="mt-3 grid grid-cols-3 gap-3 text-sm">
            {(
              [
                ['Phone', phone],
                ['Tablet', tablet],
                ['Desktop', desktop],
              ] as const
            ).map(([label, n]) => (
              <div key={label}>
                <dt className="text-stone-600">{label}</dt>
                <dd className="font-display text-3xl">{share(n)}</dd>
                <dd className="text-xs text-stone-600">{n} visitors</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Taps lines={report.taps} name={name} />
        <Sources lines={report.sources} name={name} />
        <Card>
          <h3 className="font-display text-2xl">Messages per day</h3>
          {messageDays.length === 0 ? (
            <p className="mt-3 text-sm text-stone-600">No messages in this period.</p>
          ) : (
            <ul className="mt-3 text-sm">
              {messageDays.map((d) => (
                <li key={d.date} className="flex justify-between border-t border-sand-200 py-1.5">
                  <time dateTime={d.date}>{formatDay(d.date)}</time>
                  <span className="tabular-nums">{d.messages}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}

/** Taps on the contact links and buttons of public pages, per kind, with the page most of them were on. */
function Taps({ lines, name }: { lines: TapLine[]; name: (path: string) => string }) {
  return (
    <Card>
      <h3 className="font-display text-2xl">Taps on contact links</h3>
      <p className="mt-1 text-sm text-stone-600">Counted like page views: no cookie, nothing kept on the visitor's device.</p>
      <dl className="mt-3 text-sm">
        {lines.map((l) => (
          <div key={l.kind} className="grid gap-0.5 border-t border-sand-200 py-2 sm:grid-cols-[10rem_1fr] sm:gap-4">
            <dt className="font-semibold">{TAP_LABELS[l.kind] ?? l.kind}</dt>
            <dd className="break-words text-stone-700">{tapFigures(l, name)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

const SOURCE_KIND: Record<SourceLine['kind'], string> = { page: 'Landing page', campaign: 'Campaign', referrer: 'Site or app', heard: 'Heard of us' };

/** Which pages, campaigns and sites bring enquiries, and how many of those became clients (Won). */
function Sources({ lines, name }: { lines: SourceLine[]; name: (path: string) => string }) {
  return (
    <Card className="lg:col-span-2">
      <h3 className="font-display text-2xl">Where clients come from</h3>
      <p className="mt-1 text-sm text-stone-600">
        This period's enquiries by the page the visit began on, its campaign and the site it came from, beside the views and
        visits from there. Won: those now at the stage Won.
      </p>
      {lines.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">No enquiries with a known source in this period.</p>
      ) : (
        <ul className="mt-3 text-sm" aria-label="Enquiries and clients won by source">
          {lines.map((l) => (
            <li key={`${l.kind}:${l.name}`} className="grid gap-0.5 border-t border-sand-200 py-2 sm:grid-cols-[1fr_auto] sm:gap-4">
              <span className="break-words">
                <span className="font-semibold">{l.kind === 'page' ? name(l.name) : l.name}</span>
                <span className="text-stone-600"> · {SOURCE_KIND[l.kind]}</span>
              </span>
              <span className="text-stone-700 tabular-nums">{sourceFigures(l)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Who looks at the site: counted without cookies, kept as daily totals (docs/stats.md). */
export function VisitorsTab() {
  const [days, setDays] = useState<Period>(30);
  // Counts change all the time: every visit to the tab asks again.
  const report = useQuery<StatsReport>({ queryKey: [statsKey(days)], staleTime: 0 });
  return (
    <section aria-labelledby="visitors-heading">
      <TabHeading
        id="visitors-heading"
        title="Visitors"
        lead="Page views, visitors, where they came from and what they looked at. A visitor counts once a day. Counted without cookies; no address or browser details are kept. Days are UTC."
        action={
          <div role="group" aria-label="Period" className="flex gap-2">
            {PERIODS.map((period) => (
              <button
                key={period}
                type="button"
                aria-pressed={period === days}
                onClick={() => setDays(period)}
                className={period === days ? buttonStyles.primary : buttonStyles.plain}
              >
                {period} days
              </button>
            ))}
          </div>
        }
      />
      {report.isPending ? (
        <Loading what="visitor statistics" />
      ) : report.isError ? (
        <LoadError what="the visitor statistics" onRetry={() => void report.refetch()} />
      ) : (
        <Report report={report.data} days={days} />
      )}
    </section>
  );
}
