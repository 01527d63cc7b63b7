import type { ComponentType } from 'react';
import { lazyComponent } from '../lib/lazy';
import type { PageProps } from './pageProps';
import type { PageKey } from './routes';

type PageModule = Promise<{ default: ComponentType<PageProps> }>;

// One dynamic import per page so each becomes its own chunk; admin pages are never fetched by visitors.
const loaders: Record<PageKey, () => PageModule> = {
  home: () => import('../pages/Home'),
  about: () => import('../pages/About'),
  multidisciplinary: () => import('../pages/Multidisciplinary'),
  founder: () => import('../pages/Founder'),
  services: () => import('../pages/Services'),
  service: () => import('../pages/Service'),
  portfolio: () => import('../pages/Portfolio'),
  caseStudy: () => import('../pages/CaseStudy'),
  journal: () => import('../pages/Journal'),
  article: () => import('../pages/Article'),
  contact: () => import('../pages/Contact'),
  // The server renders no admin page: its bundle (entry-server.tsx) leaves the admin code out.
  adminLogin: () => (import.meta.env.SSR ? noAdmin() : import('../admin/AdminLogin')),
  adminPanel: () => (import.meta.env.SSR ? noAdmin() : import('../admin/AdminPanel')),
};

function noAdmin(): PageModule {
  return Promise.reject(new Error('admin pages are rendered in the browser only'));
}

export const pages = Object.fromEntries(
  Object.entries(loaders).map(([key, load]) => [key, lazyComponent(load)]),
) as Record<PageKey, ComponentType<PageProps>>;
